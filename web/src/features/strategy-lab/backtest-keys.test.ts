import type { Backtest } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBacktestProgress, backtestKeys } from './backtest-keys';
import { backtestRun } from './lab-fixture';

function cached(runs: Backtest[]) {
  const client = new QueryClient();
  client.setQueryData(backtestKeys.list(), runs);
  return client;
}
const isStale = (client: QueryClient) => client.getQueryState(backtestKeys.list())?.isInvalidated;

describe('backtest_progress', () => {
  it("moves the run's bar without reading the list again while it runs", () => {
    const client = cached([backtestRun({ id: 1, status: 'queued', progress: 0, summary: null })]);
    applyBacktestProgress(client, { id: 1, status: 'running', progress: 0.25 });
    expect(client.getQueryData<Backtest[]>(backtestKeys.list())?.[0]).toMatchObject({
      status: 'running',
      progress: 0.25,
    });
    expect(isStale(client)).toBe(false);
  });

  it('reads the list again when the run ended (for its summary) or is not listed yet', () => {
    const ended = cached([backtestRun({ id: 1, status: 'running', progress: 0.9, summary: null })]);
    applyBacktestProgress(ended, { id: 1, status: 'done', progress: 1 });
    expect(ended.getQueryData<Backtest[]>(backtestKeys.list())?.[0]?.status).toBe('done');
    expect(isStale(ended)).toBe(true);

    const unseen = cached([backtestRun({ id: 1 })]);
    applyBacktestProgress(unseen, { id: 2, status: 'queued', progress: 0 });
    expect(isStale(unseen)).toBe(true);
  });

  it('reads an open sweep again when one of its runs ended, not while they run', () => {
    const client = cached([backtestRun({ id: 1, status: 'running', progress: 0.2, summary: null, sweep_id: 3 })]);
    client.setQueryData(backtestKeys.sweep(3), { id: 3, runs: [] });
    const sweepIsStale = () => client.getQueryState(backtestKeys.sweep(3))?.isInvalidated;
    applyBacktestProgress(client, { id: 1, status: 'running', progress: 0.6 });
    expect(sweepIsStale()).toBe(false);
    applyBacktestProgress(client, { id: 1, status: 'done', progress: 1 });
    expect(sweepIsStale()).toBe(true);
  });
});
