import type { UnsettledOrder } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { SettleOrdersModal } from './SettleOrdersModal';

const mapping = mappingFixture({ is_dummy: 0, orders_to_settle: 1 });

const order = (over: Partial<UnsettledOrder> = {}): UnsettledOrder => ({
  id: 7,
  side: 'SELL',
  quantity: 65,
  trading_symbol: 'NIFTY26D0124600CE',
  intent: 'open',
  sent_at: '2026-11-22T09:00:00.000Z',
  is_past_order_book: true,
  ...over,
});

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A fake API: the unsettled list, and each settle call recorded with its body. */
function serve(orders: UnsettledOrder[], settleReply: (body: unknown) => Promise<Response>) {
  const settled: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url.endsWith('/unsettled-orders')) return json(200, { success: true, data: orders });
    const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
    settled.push({ url, body });
    return settleReply(body);
  });
  return settled;
}

function renderModal() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettleOrdersModal mapping={mapping} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('SettleOrdersModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists only the orders Kite no longer holds, and settles one as filled at the price and quantity typed', async () => {
    const settled = serve([order(), order({ id: 8, is_past_order_book: false })], () =>
      json(200, { success: true, data: { strategy: { ...mapping, orders_to_settle: 0 } } }),
    );
    const { onClose } = renderModal();
    expect(await screen.findByText('SELL 65 NIFTY26D0124600CE')).toBeTruthy();
    expect(screen.getAllByRole('form')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/Average price/), { target: { value: '123.45' } });
    // All 65 unless the account shows less: here 30 filled before the rest was cancelled.
    expect(screen.getByLabelText(/Filled quantity/)).toHaveProperty('value', '65');
    fireEvent.change(screen.getByLabelText(/Filled quantity/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'It filled' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(settled).toEqual([
      {
        url: `/api/strategies/user-mappings/${mapping.id}/unsettled-orders/7/settle`,
        body: { filled: true, price: 123.45, quantity: 30 },
      },
    ]);
  });

  it('asks for the price before a fill is sent, and shows the server’s refusal', async () => {
    const settled = serve([order()], () =>
      json(409, { success: false, error: 'The broker still lists this order', code: 'CONFLICT' }),
    );
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'It filled' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Price must be a number');
    expect(settled).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'It did not fill' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The broker still lists this order');
    expect(settled).toMatchObject([{ body: { filled: false } }]);
  });
});
