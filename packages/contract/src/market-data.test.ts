import { describe, expect, it } from 'vitest';
import { FetchHistoricalSchema } from './market-data.js';

const accepts = (startDate: string) =>
  FetchHistoricalSchema.safeParse({ source: 'kite', instrumentToken: '256265', interval: '5m', startDate }).success;

describe('historical fetch dates', () => {
  it('takes a day, a datetime-local and an ISO instant', () => {
    expect(['2026-11-20', '2026-11-20T09:15', '2026-11-20T03:45:00Z'].map(accepts)).toEqual([true, true, true]);
  });

  it('refuses days that do not exist and years no provider has (a fetch from year -271821 never ends)', () => {
    const refused = ['2026-02-30', '2026-13-01', '1970-01-01', '-271821-04-19T00:00:00Z', '9999-12-31', 'x'.repeat(41)];
    expect(refused.filter(accepts)).toEqual([]);
  });
});
