import { describe, expect, it } from 'vitest';
import { istMidnight } from '@app/contract';
import { markToMarket, quoteKeysOf, settle } from './positions.logic.js';

const at = Date.parse('2026-11-23T05:00:00Z'); // 10:30 IST
const yesterday = at - 86_400_000;
const info = new Map([['CE1', { exchange: 'NFO', optionType: 'CE', strikePaise: 2_460_000, expiry: '2026-12-01' }]]);
/** One NIFTY lot (NSE, from the January 2026 expiries). */
const LOT = 65;

describe('istMidnight', () => {
  it('is IST midnight: 18:30 UTC the day before', () => {
    expect(new Date(istMidnight(at)).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(istMidnight(Date.parse('2026-11-22T18:30:00Z'))).toBe(Date.parse('2026-11-22T18:30:00Z'));
    expect(istMidnight(Date.parse('2026-11-22T18:29:59Z'))).toBe(Date.parse('2026-11-21T18:30:00Z'));
  });
});

describe('markToMarket', () => {
  const fills = [
    { tradingSymbol: 'CE1', quantity: LOT, pricePaise: 10_000, at: yesterday }, // sold yesterday at 100
    { tradingSymbol: 'CE1', quantity: -LOT, pricePaise: 8_000, at }, // bought back today at 80: +1,300
    { tradingSymbol: 'CE1', quantity: LOT, pricePaise: 9_000, at }, // sold again at 90
  ];

  it("marks the open lot at the quote, and splits out today's realized and charges", () => {
    const settled = settle(fills, at);
    expect(quoteKeysOf(settled, info)).toEqual(['NFO:CE1']);
    const marked = markToMarket(settled, info, new Map([['NFO:CE1', 8_500]]));
    expect(marked.legs).toEqual([
      expect.objectContaining({
        quantity: LOT,
        entryPaise: 9_000,
        ltpPaise: 8_500,
        ltpIsStale: false,
        unrealizedPaise: 32_500, // 65 × ₹5
      }),
    ]);
    expect(marked.all.realizedPaise).toBe(130_000);
    expect(marked.today.realizedPaise).toBe(130_000); // realized by today's buy
    expect(marked.all.chargesPaise).toBeGreaterThan(marked.today.chargesPaise); // yesterday's sale is not today's
    expect(marked.all.netPaise).toBe(130_000 + 32_500 - marked.all.chargesPaise);
  });

  it('marks at the last fill, flagged stale, when there is no quote', () => {
    const marked = markToMarket(settle(fills, at), info, new Map());
    expect(marked.legs[0]).toMatchObject({ ltpPaise: 9_000, ltpIsStale: true, unrealizedPaise: 0 });
  });

  it('has no legs once flat, and keeps the realized P&L', () => {
    const flat = markToMarket(settle(fills.slice(0, 2), at), info, new Map());
    expect(flat.legs).toEqual([]);
    expect(flat.all.unrealizedPaise).toBe(0);
    expect(flat.all.realizedPaise).toBe(130_000);
  });
});
