import type { LiveDataConfig } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { syncHistorical, syncProgressText, syncReport } from './sync-historical';

const config = (id: number, name: string | null = 'NIFTY 50') =>
  ({ id, source: 'kite', instrument_token: `25626${id}`, interval: '5m', instrument_name: name }) as LiveDataConfig;
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : 'unknown');

describe('syncHistorical', () => {
  it('fetches once per config, in order', async () => {
    const fetchOne = vi.fn((c: LiveDataConfig) =>
      Promise.resolve({ recordsFetched: c.id * 100, recordsInserted: c.id }),
    );
    const outcomes = await syncHistorical([config(1), config(2)], fetchOne, reasonOf);
    expect(fetchOne).toHaveBeenCalledTimes(2);
    expect(outcomes.map((o) => (o.isOk ? o.fetched : -1))).toEqual([100, 200]);
  });

  it('keeps going after a failure and records its reason', async () => {
    const fetchOne = vi.fn((c: LiveDataConfig) =>
      c.id === 1
        ? Promise.reject(new Error('Kite: invalid token'))
        : Promise.resolve({ recordsFetched: 5, recordsInserted: 5 }),
    );
    const outcomes = await syncHistorical([config(1), config(2)], fetchOne, reasonOf);
    expect(outcomes).toMatchObject([
      { isOk: false, reason: 'Kite: invalid token' },
      { isOk: true, fetched: 5 },
    ]);
  });
});

describe('sync progress', () => {
  it('says which config is being fetched and how far the sync is', async () => {
    const seen: string[] = [];
    const fetchOne = () => Promise.resolve({ recordsFetched: 1, recordsInserted: 1 });
    await syncHistorical([config(1), config(2, 'NIFTY BANK')], fetchOne, reasonOf, (p) =>
      seen.push(syncProgressText(p)),
    );
    expect(seen).toEqual([
      'Syncing historical data: NIFTY 50 5m (Kite), 1 of 2...',
      'Syncing historical data: NIFTY BANK 5m (Kite), 2 of 2...',
    ]);
  });
});

describe('syncReport', () => {
  it("reports success with a line per config and SPEC's total of new records", () => {
    const report = syncReport([
      { config: config(1), isOk: true, fetched: 138, inserted: 0 },
      { config: config(2, null), isOk: true, fetched: 1375, inserted: 1375 },
    ]);
    expect(report).toEqual({
      kind: 'success',
      text: 'Historical data sync completed successfully! 1375 records processed.',
      details: ['NIFTY 50 5m (Kite): 138 fetched, 0 new', '256262 5m (Kite): 1,375 fetched, 1,375 new'],
    });
  });

  it('names the failed configs with their reason and keeps the total of the ones that synced', () => {
    const report = syncReport([
      { config: config(1), isOk: true, fetched: 138, inserted: 10 },
      { config: config(2, 'DEAD'), isOk: false, reason: 'Kite: invalid token' },
    ]);
    expect(report).toEqual({
      kind: 'error',
      text: '1 of 2 configurations failed to sync; the others were synced.',
      details: [
        'NIFTY 50 5m (Kite): 138 fetched, 10 new',
        'DEAD 5m (Kite): failed - Kite: invalid token',
        'Historical data sync completed successfully! 10 records processed.',
      ],
      isSticky: true,
    });
  });

  it("says SPEC's failure text when nothing synced", () => {
    const report = syncReport([{ config: config(1), isOk: false, reason: 'down' }]);
    expect(report.kind).toBe('error');
    expect(report.text).toBe('Failed to sync historical data. Please try again.');
    expect(report.details).toEqual(['NIFTY 50 5m (Kite): failed - down']);
  });
});
