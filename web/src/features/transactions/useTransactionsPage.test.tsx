import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTransactionsPage } from './useTransactionsPage';

function setup(body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body))));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { fetchMock, wrapper };
}

describe('useTransactionsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one page by limit and offset (user list and admin list)', async () => {
    const { fetchMock, wrapper } = setup({ success: true, data: { transactions: [], total: 0 } });
    const mine = renderHook(() => useTransactionsPage('mine', 2, 15), { wrapper });
    await waitFor(() => expect(mine.result.current.isSuccess).toBe(true));
    const all = renderHook(() => useTransactionsPage('all', 1, 20), { wrapper });
    await waitFor(() => expect(all.result.current.isSuccess).toBe(true));
    const urls = fetchMock.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(urls).toEqual([
      '/api/transactions?limit=15&offset=30',
      '/api/transactions/admin/all-transactions?limit=20&offset=20',
    ]);
  });

  it("fails with 'No transaction data received' when the reply has no list", async () => {
    const { wrapper } = setup({ success: true });
    const { result } = renderHook(() => useTransactionsPage('mine', 0, 15), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('No transaction data received');
  });
});
