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
  reduce_on_breach: false,
};

/** The limits route as the form sees it; returns the PUT bodies it received. */
function stubServer() {
  const put: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/risk/limits' && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      put.push(body);
      return ok({ ...SAVED, ...body });
    }
    if (path === '/api/risk/limits') return ok(SAVED);
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
