import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import { DailyLimitForm } from './DailyLimitForm';

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data })));
const SAVED = {
  user_id: 1,
  daily_max_loss: 5000,
  admin_max_loss: null,
  today_pnl: 0,
  max_net_delta: 300,
  max_net_vega: null,
  max_margin_used: null,
  admin_max_net_delta: null,
  admin_max_net_vega: null,
  admin_max_margin_used: null,
  reduce_on_breach: false,
};

/** The limits route as the form sees it; returns the PUT bodies it received. */
function stubServer(saved: object = SAVED, refusal?: string) {
  const put: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/risk/limits' && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      put.push(body);
      if (refusal)
        return Promise.resolve(new Response(JSON.stringify({ success: false, error: refusal }), { status: 409 }));
      return ok({ ...saved, ...body });
    }
    if (path === '/api/risk/limits') return ok(saved);
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404 }));
  });
  return put;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DailyLimitForm with portfolio limits', () => {
  it('shows the saved caps and sends the three caps and Reduce on breach with the daily max loss', async () => {
    const put = stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <DailyLimitForm />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    const delta = await screen.findByLabelText('Max net delta (abs)');
    await waitFor(() => expect((delta as HTMLInputElement).value).toBe('300'));
    expect(screen.getByTestId('daily-limit-summary').textContent).toContain(
      'Portfolio caps: net delta 300. Beyond one, no entry or realign sells new legs.',
    );

    fireEvent.change(screen.getByLabelText('Max net vega (₹ per vol point, abs)'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Max margin used (₹)'), { target: { value: '200000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Reduce on breach/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));

    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({
      daily_max_loss: 5000,
      max_net_delta: 300,
      max_net_vega: 1500,
      max_margin_used: 200000,
      reduce_on_breach: true,
    });
  });

  it('refuses a cap that is not above zero in the field’s own words, sending nothing', async () => {
    const put = stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <DailyLimitForm />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    const delta = await screen.findByLabelText('Max net delta (abs)');
    await waitFor(() => expect((delta as HTMLInputElement).value).toBe('300'));
    fireEvent.change(delta, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Max Net Delta must be more than 0')).toBeTruthy();
    expect(put).toHaveLength(0);
  });
});

/** A trader whose net delta and margin used an admin capped (their own delta cap lowered below the admin's). */
const CAPPED = {
  ...SAVED,
  max_net_delta: 250,
  max_margin_used: 200000,
  admin_max_net_delta: 300,
  admin_max_margin_used: 200000,
};

function renderForm(userId?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <DailyLimitForm {...(userId === undefined ? {} : { userId, compact: true })} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe("DailyLimitForm with an admin's portfolio caps", () => {
  it('tells the trader which caps an admin set and that they can only lower them; shows a refusal to raise one', async () => {
    const refusal = 'An admin set your max net delta at 300: you can lower it, not raise it';
    const put = stubServer(CAPPED, refusal);
    renderForm();
    expect((await screen.findByTestId('portfolio-cap-note')).textContent).toBe(
      'An admin capped your net delta at 300, margin used at ₹2,00,000.00: you can lower them, not raise or remove them.',
    );
    const delta = screen.getByLabelText('Max net delta (abs)');
    expect((delta as HTMLInputElement).value).toBe('250');
    fireEvent.change(delta, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(put).toEqual([expect.objectContaining({ max_net_delta: 400, max_margin_used: 200000 })]);
  });

  it("shows the admin, on the user's form, the caps they set and what the user may do with them", async () => {
    stubServer({ ...CAPPED, admin_max_margin_used: null });
    renderForm(7);
    expect((await screen.findByTestId('portfolio-cap-note')).textContent).toBe(
      'Portfolio caps set by an admin: net delta at 300. The user can lower it, not raise or remove it.',
    );
  });

  it('says nothing of admin caps where there are none', async () => {
    stubServer();
    renderForm();
    await screen.findByTestId('daily-limit-summary');
    expect(screen.queryByTestId('portfolio-cap-note')).toBeNull();
  });
});
