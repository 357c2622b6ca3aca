import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertChannelsForm } from './AlertChannelsForm';

const SAVED = {
  has_telegram_bot_token: false,
  telegram_chat_id: '-100111',
  webhook_url: 'https://example.com/hook',
  has_webhook_secret: true,
  active: ['webhook'],
  last_delivery: { telegram: null, webhook: null },
};

/** The channels read answers only when the test says so: a slow first read, as on a busy server. */
function slowChannelsRead() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async () => {
    await answered;
    return new Response(JSON.stringify({ success: true, data: SAVED }), { status: 200 });
  });
  return { answer };
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertChannelsForm />
    </QueryClientProvider>,
  );
}

describe('AlertChannelsForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says it is reading, then fills the saved channels', async () => {
    const read = slowChannelsRead();
    renderForm();
    const form = screen.getByRole('form', { name: 'Alert Channels' });
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('alert-channels-active').textContent).toBe('Reading your channels...');

    act(() => read.answer());
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('alert-channels-active').textContent).toBe('Sending to: webhook');
    expect(screen.getByLabelText<HTMLInputElement>('Telegram Chat ID').value).toBe('-100111');
    expect(screen.getByLabelText<HTMLInputElement>('Webhook URL').value).toBe('https://example.com/hook');
  });

  it('keeps what the trader typed before the first read came back', async () => {
    const read = slowChannelsRead();
    renderForm();
    fireEvent.change(screen.getByLabelText('Telegram Chat ID'), { target: { value: '-100999' } });

    act(() => read.answer());
    await waitFor(() => expect(screen.getByTestId('alert-channels-active').textContent).toBe('Sending to: webhook'));
    expect(screen.getByLabelText<HTMLInputElement>('Telegram Chat ID').value).toBe('-100999');
  });
});
