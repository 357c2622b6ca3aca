import type { Instrument } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { marketHoursLabel, nextChangeLabel } from './market-status';

const nifty = {
  market_open_time: '09:15',
  market_close_time: '15:30',
  timezone: 'Asia/Kolkata',
  market_status: { isOpen: false, openTime: '09:15', closeTime: '15:30', timezone: 'Asia/Kolkata', nextChange: null },
} satisfies Partial<Instrument>;

describe('market status in plain words', () => {
  it('names the zone of the market hours', () => {
    expect(marketHoursLabel(nifty)).toBe('09:15–15:30 IST');
    expect(marketHoursLabel({ ...nifty, timezone: 'Europe/London' })).toBe('09:15–15:30 Europe/London');
  });

  it("says when a closed market opens, on the instrument's clock", () => {
    const closed = { ...nifty, market_status: { ...nifty.market_status, nextChange: '2026-11-24T03:45:00.000Z' } };
    expect(nextChangeLabel(closed)).toBe('opens 24 Nov 2026, 09:15 IST');
  });

  it('says when an open market closes, and nothing for one that never trades', () => {
    const open = {
      ...nifty,
      market_status: { ...nifty.market_status, isOpen: true, nextChange: '2026-11-23T10:00:00.000Z' },
    };
    expect(nextChangeLabel(open)).toBe('closes 23 Nov 2026, 15:30 IST');
    expect(nextChangeLabel(nifty)).toBe('');
  });
});
