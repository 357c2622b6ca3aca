import type { LiveDataConfig } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { syncHistorical } from './sync-historical';

describe('syncHistorical', () => {
  const config = (id: number) => ({ id, source: 'kite', instrument_token: '256265', interval: '5m' }) as LiveDataConfig;

  it('fetches once per config and sums recordsInserted', async () => {
    const fetchOne = vi.fn((c: LiveDataConfig) => Promise.resolve({ recordsInserted: c.id * 10 }));
    await expect(syncHistorical([config(1), config(2), config(3)], fetchOne)).resolves.toBe(60);
    expect(fetchOne).toHaveBeenCalledTimes(3);
  });

  it('fails when any fetch fails', async () => {
    const fetchOne = vi.fn(() => Promise.reject(new Error('down')));
    await expect(syncHistorical([config(1)], fetchOne)).rejects.toThrow('down');
  });
});
