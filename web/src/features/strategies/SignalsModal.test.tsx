import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { mappingFixture } from './mapping-fixture';
import { SignalsModal } from './SignalsModal';

const mapping = mappingFixture({ broker_username: 'PAPER1' });
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A fake API answering each secret call with the next reply; the calls' URLs are recorded. */
function serve(...replies: Array<() => Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const next = replies.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return next();
  });
  return calls;
}

const secretReply = (n: number) => () =>
  json(200, { success: true, data: { signal_token: `tok${n}`, secret: `s3cret-${n}` } });

function renderModal() {
  const onClose = vi.fn();
  render(
    <ConfirmProvider>
      <SignalsModal mapping={mapping} onClose={onClose} origin="https://desk.example.in" />
    </ConfirmProvider>,
  );
  return { onClose };
}

/** Presses the dialog's button and answers its confirm; returns the question's text. */
async function pressAndAnswer(name: string, yes: boolean) {
  fireEvent.click(screen.getByRole('button', { name }));
  const question = await screen.findByRole('alertdialog');
  const text = question.textContent ?? '';
  fireEvent.click(within(question).getByRole('button', { name: yes ? name : 'Cancel' }));
  return text;
}

describe('SignalsModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('makes nothing until the trader confirms that any earlier secret stops working', async () => {
    const calls = serve();
    renderModal();
    expect(screen.getByText(/can start, stop, enter, exit or realign this strategy/)).toBeTruthy();
    const text = await pressAndAnswer('Create new secret', false);
    expect(text).toContain('Any earlier webhook address and secret of this strategy stop working at once');
    expect(text).toContain('Account: PAPER1 (paper)');
    expect(calls).toEqual([]);
    expect(screen.queryByLabelText('Secret')).toBeNull();
  });

  it('shows the address, the secret once and each action’s message, then offers to rotate', async () => {
    const calls = serve(secretReply(1), secretReply(2));
    renderModal();
    await pressAndAnswer('Create new secret', true);
    expect(await screen.findByText('The secret will not be shown again.')).toBeTruthy();
    expect(calls).toEqual([`POST /api/strategies/user-mappings/${mapping.id}/signal-secret`]);
    expect(screen.getByLabelText('Webhook URL').textContent).toBe('https://desk.example.in/api/signals/tok1');
    expect(screen.getByLabelText('Secret').textContent).toBe('s3cret-1');
    for (const action of ['start', 'stop', 'enter', 'exit', 'realign']) {
      expect(screen.getByTestId(`signal-message-${action}`).textContent).toBe(
        `{"action":"${action}","secret":"s3cret-1","idempotency_key":"{{timenow}}"}`,
      );
    }
    // Made once here, so the dialog knows one exists: the next asks to rotate it.
    const text = await pressAndAnswer('Rotate secret', true);
    expect(text).toContain('The address and secret shown here stop working at once');
    await waitFor(() => expect(screen.getByLabelText('Secret').textContent).toBe('s3cret-2'));
    expect(calls).toHaveLength(2);
  });

  it('copies a value to the clipboard, or selects it where the clipboard cannot be written', async () => {
    serve(secretReply(1));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderModal();
    await pressAndAnswer('Create new secret', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy: Secret' }));
    await screen.findByRole('button', { name: 'Copied: Secret' });
    expect(writeText).toHaveBeenCalledWith('s3cret-1');
    writeText.mockImplementation(() => Promise.reject(new Error('not a secure page')));
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Webhook URL' }));
    await screen.findByRole('button', { name: 'Selected: press Ctrl+C: Webhook URL' });
  });

  it("shows the server's refusal in its own words", async () => {
    serve(() => json(404, { success: false, error: 'Strategy mapping not found', code: 'NOT_FOUND' }));
    renderModal();
    await pressAndAnswer('Create new secret', true);
    expect((await screen.findByRole('alert')).textContent).toContain('Strategy mapping not found');
    expect(screen.queryByLabelText('Secret')).toBeNull();
  });
});
