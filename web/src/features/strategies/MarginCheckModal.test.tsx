import type { EntryMargin } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { MarginCheckModal } from './MarginCheckModal';

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

const margin = (over: Partial<EntryMargin> = {}): EntryMargin => ({
  required: 212345.67,
  final: 200985.44,
  available: 1000000,
  orders: [
    { trading_symbol: 'NIFTY26D0124600CE', side: 'SELL', quantity: 65 },
    { trading_symbol: 'NIFTY26D0124400PE', side: 'SELL', quantity: 1300 },
  ],
  note: null,
  ...over,
});

/** A fake API answering each margin call with the next reply; the calls' URLs are recorded. */
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

function renderModal(isDummy = 0) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MarginCheckModal mapping={mappingFixture({ is_dummy: isDummy })} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

const figure = (key: string) => screen.getByTestId(`margin-${key}`).querySelector('dd')?.textContent;

describe('MarginCheckModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('prices the entry and lists the figures in rupees and the orders priced', async () => {
    const calls = serve(() => json(200, { success: true, data: margin() }));
    renderModal();
    await screen.findByTestId('margin-required');
    expect(calls).toEqual(['POST /api/strategies/user-mappings/11/margin']);
    expect(figure('required')).toBe('₹2,12,345.67');
    expect(figure('final')).toBe('₹2,00,985.44');
    expect(figure('available')).toBe('₹10,00,000.00');
    const rows = within(screen.getByRole('table', { name: 'Orders priced' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['NIFTY26D0124600CESELL65', 'NIFTY26D0124400PESELL1,300']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('margin-note')).toBeNull();
  });

  it('says plainly that a LIVE entry the account cannot cover would be refused', async () => {
    serve(() => json(200, { success: true, data: margin({ available: 50000 }) }));
    renderModal(0);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This entry would be refused: it needs ₹2,00,985.44, ₹50,000.00 available; nothing would be sent',
    );
  });

  it('shows the note when the account’s money is not known', async () => {
    const note = 'A paper strategy on a broker account spends none of its money';
    serve(() => json(200, { success: true, data: margin({ available: null, note }) }));
    renderModal(1);
    expect((await screen.findByTestId('margin-note')).textContent).toBe(note);
    expect(figure('available')).toBe('not known');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a refusal in the server's words, and checks again on request", async () => {
    const refusal = 'No entry to price now: market is closed';
    const calls = serve(
      () => json(409, { success: false, error: refusal, code: 'CONFLICT' }),
      () => json(200, { success: true, data: margin() }),
    );
    renderModal();
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(figure('final')).toBe('₹2,00,985.44'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
