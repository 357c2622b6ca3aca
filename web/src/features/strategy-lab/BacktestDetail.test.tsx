import type { BacktestTrade } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backtestKeys } from './backtest-keys';
import { BacktestDetail } from './BacktestDetail';
import { backtestRun } from './lab-fixture';

const TRADE: BacktestTrade = {
  time: '2026-11-27T04:00:00.000Z',
  trading_symbol: 'SANDBOX26D0124500CE',
  side: 'SELL',
  quantity: 65,
  price: 80.5,
  charges: 1.2,
  reason: 'entry',
};

let requests: Array<{ url: string; init: RequestInit | undefined }>;
let clicked: Array<{ href: string; download: string }>;

function reply(response: Response) {
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return Promise.resolve(response);
  });
}

function renderDetail(run = backtestRun()) {
  // The run's results are in the cache and never stale: only the download goes over the network.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(backtestKeys.trades(run.id), [TRADE]);
  client.setQueryData(backtestKeys.equity(run.id), { points: [], daily: [] });
  render(
    <QueryClientProvider client={client}>
      <BacktestDetail run={run} onTryChanges={vi.fn()} onUseSettings={vi.fn()} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('backtest-detail'));
}

beforeEach(() => {
  requests = [];
  clicked = [];
  localStorage.setItem('token', 'tok-123');
  // jsdom has no object URLs and does not navigate: record what a browser would do instead.
  URL.createObjectURL = () => 'blob:backtest-csv';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a run's detail: Download CSV", () => {
  it("saves the run's fills under the server's name, fetched with the session", async () => {
    reply(
      new Response('time,trading_symbol,side,quantity,price,charges,reason\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="backtest-7.csv"' },
      }),
    );
    const detail = renderDetail();

    fireEvent.click(detail.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:backtest-csv', download: 'backtest-7.csv' }]));
    expect(requests.map((r) => r.url)).toEqual(['/api/backtests/7/export.csv']);
    expect(requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer tok-123' });
  });

  it("says in the detail why a download failed, in the server's words", async () => {
    reply(
      new Response(JSON.stringify({ success: false, error: 'Backtest not found', code: 'NOT_FOUND' }), {
        status: 404,
      }),
    );
    const detail = renderDetail();

    fireEvent.click(detail.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(detail.getByRole('alert').textContent).toContain('Backtest not found'));
    expect(clicked).toEqual([]);
  });

  it('offers no download for a run that has no results', () => {
    const detail = renderDetail(backtestRun({ status: 'running', progress: 0.3, summary: null }));
    expect(detail.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
