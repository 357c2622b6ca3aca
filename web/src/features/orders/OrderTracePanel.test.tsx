import { OrderTraceSchema, type OrderTrace } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookOrderFixture, orderTraceFixture } from './order-trace-fixture';
import { OrderTracePanel } from './OrderTracePanel';

/** The trace route as the panel sees it: one reply (checked against the contract here, as the client does). */
function serve(reply: { status: number; body: unknown }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  return asked;
}

const ok = (trace: OrderTrace) => ({ status: 200, body: { success: true, data: OrderTraceSchema.parse(trace) } });

function open(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderTracePanel order={{ ...bookOrderFixture(), id: 12 }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Trace of order 250101000000123' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("OrderTracePanel: what made a live order, in a trader's words", () => {
  it('asks for the order’s trace and shows its rules, decision, author, settings and fills', async () => {
    const asked = serve(ok(orderTraceFixture()));
    const panel = open();
    expect(await within(panel).findByText('Strategy: RDX rules v1 · algo ID RDX-1')).toBeTruthy();
    expect(asked).toEqual(['/api/orders/12/trace']);
    expect(
      within(panel).getByText(
        'Decided: Entry at the candle closing 10:30 IST (23 Nov 2026) on NIFTY at ₹24,500.00 · ATM ₹24,500.00',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText('By: the engine (candle close)')).toBeTruthy();
    expect(
      within(panel).getByText('Settings: lotCount 1 · atm 24500 · offset 100 · interval 15m (version 1a2b3c4d5e6f)'),
    ).toBeTruthy();
    const rows = within(within(panel).getByRole('table', { name: 'Fills' })).getAllByRole<HTMLTableRowElement>('row');
    expect(rows.map((r) => Array.from(r.cells, (c) => c.textContent))).toEqual([
      ['Time (IST)', 'Trade ID', 'Quantity', 'Price (₹)'],
      ['23 Nov 2026, 10:30:03 IST', 'T-9001', 'SELL 40', '101.25'],
      ['23 Nov 2026, 10:30:04 IST', '-', 'SELL 25', '101.90'],
    ]);
  });

  it('says an order predates traces rather than showing empty lines', async () => {
    serve(ok(orderTraceFixture({ strategy: null, decision: null, author: null, fills: [] })));
    const panel = open();
    expect(await within(panel).findByText('This order was placed before the console kept traces.')).toBeTruthy();
    expect(within(panel).queryByText(/^Strategy:/)).toBeNull();
    expect(within(panel).getByText('No fills.')).toBeTruthy();
  });

  it("shows the server's refusal in words", async () => {
    serve({ status: 404, body: { success: false, error: 'Order not found', code: 'NOT_FOUND' } });
    const panel = open();
    expect((await within(panel).findByRole('alert')).textContent).toBe('Order not found');
  });

  it('closes on Close', async () => {
    serve(ok(orderTraceFixture()));
    const onClose = vi.fn();
    const panel = open(onClose);
    await within(panel).findByText(/^Strategy:/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
