import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionSummaryStrip } from './TransactionSummaryStrip';

function renderWithReply(body: unknown, status = 200) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TransactionSummaryStrip />
    </QueryClientProvider>,
  );
}

describe('TransactionSummaryStrip', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows count, buys, sells, turnover, net premium, realized P&L, charges and net in rupees', async () => {
    renderWithReply({
      success: true,
      data: {
        count: 3,
        buys: 1,
        sells: 2,
        turnover: 150000.5,
        net_premium: -1234.5,
        realized_pnl: 3753.75,
        charges: 115.95,
        net_pnl: 3637.8,
        per_strategy: [],
      },
    });
    const strip = await screen.findByLabelText('Transaction summary');
    const values = Array.from(strip.querySelectorAll('dd')).map((d) => d.textContent);
    expect(values).toEqual(['3', '1', '2', '₹1,50,000.50', '−₹1,234.50', '+₹3,753.75', '₹115.95', '+₹3,637.80']);
  });

  it("says 'No transaction summary data received' on an empty reply", async () => {
    renderWithReply({ success: true });
    expect((await screen.findByRole('status')).textContent).toBe('No transaction summary data received');
  });
});
