import { OrderBookSchema, OrderTraceSchema } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderBook } from './OrderBook';
import { bookOrderFixture, orderTraceFixture } from './order-trace-fixture';

const LIVE = bookOrderFixture();
const PAPER = bookOrderFixture({
  kind: 'paper',
  id: null,
  account: 'Paper',
  tag: null,
  broker_order_id: null,
  trading_symbol: 'NIFTY26N2424400PE',
});

/** The book and the trace routes, each reply checked against the contract as the client does. */
function serve() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const data = url.startsWith('/api/orders/12/trace')
      ? OrderTraceSchema.parse(orderTraceFixture())
      : OrderBookSchema.parse({ orders: [LIVE, PAPER], total: 2 });
    return Promise.resolve(new Response(JSON.stringify({ success: true, data })));
  });
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderBook: a row opens its trace', () => {
  it('offers Trace on live rows only, and opens and closes the trace under the book', async () => {
    const asked = serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <OrderBook />
      </QueryClientProvider>,
    );
    const live = await screen.findByTestId('order-live-12-NIFTY26N2424600CE');
    const paper = screen.getByTestId(`order-paper-${PAPER.time}-NIFTY26N2424400PE`);
    expect(within(paper).queryByRole('button', { name: 'Trace' })).toBeNull();

    const trace = within(live).getByRole('button', { name: 'Trace' });
    expect(trace.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trace);
    const panel = screen.getByRole('region', { name: 'Trace of order 250101000000123' });
    expect(await within(panel).findByText('By: the engine (candle close)')).toBeTruthy();
    expect(asked).toContain('/api/orders/12/trace');
    expect(trace.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /^Trace of order/ })).toBeNull();
    expect(trace.getAttribute('aria-expanded')).toBe('false');
  });
});
