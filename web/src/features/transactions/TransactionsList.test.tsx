import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionsList } from './TransactionsList';

const EMPTY_PAGE = { success: true, data: { transactions: [], total: 0 } };

/** Answers every call by its path: the page (empty), the summary, the trader's strategies. */
function serve() {
  const fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/strategies'))
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: [] })));
    if (url.startsWith('/api/transactions/summary'))
      return Promise.resolve(new Response(JSON.stringify({ success: false, error: 'not here' }), { status: 500 }));
    return Promise.resolve(new Response(JSON.stringify(EMPTY_PAGE)));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TransactionsList scope="mine" pageSize={15} title="Recent Transactions" />
    </QueryClientProvider>,
  );
  const pages = () => fetchMock.mock.calls.map((c) => c[0]).filter((u) => u.startsWith('/api/transactions?'));
  return { pages };
}

describe('TransactionsList filters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the days, strategy and symbol chosen, and says when nothing matches them', async () => {
    const { pages } = serve();
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Recent Transactions filters' });
    expect(form).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Symbol contains'), { target: { value: '24500' } });
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2026-11-23' } });

    await waitFor(() =>
      expect(pages().at(-1)).toBe('/api/transactions?limit=15&offset=0&from=2026-11-23&symbol=24500'),
    );
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Strategy' })).toBeTruthy();
  });
});
