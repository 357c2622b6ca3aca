import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../platform/clock.js';
import { markToMarket, settle, type SymbolInfo } from './positions.logic.js';
import { createPositionsGreeks, greeksOfMarked } from './positions-greeks.js';

// Monday 23 Nov 2026, 10:30:20 IST; the strangle expires on Tuesday 24 Nov.
const NOW = Date.parse('2026-11-23T05:00:20Z');
const CE = 'NIFTY26N2423350CE';
const PE = 'NIFTY26N2423150PE';
const info = new Map<string, SymbolInfo>([
  [CE, { exchange: 'NFO', optionType: 'CE', strikePaise: 2_335_000, expiry: '2026-11-24' }],
  [PE, { exchange: 'NFO', optionType: 'PE', strikePaise: 2_315_000, expiry: '2026-11-24' }],
]);
/** A strangle sold at 10:00 IST, one lot of 65 a leg (SPEC's sign: > 0 sold). */
const strangle = {
  mapping: { instrumentToken: '256265' },
  settled: settle(
    [
      { tradingSymbol: CE, quantity: 65, pricePaise: 4_000, at: NOW - 1_800_000 },
      { tradingSymbol: PE, quantity: 65, pricePaise: 3_500, at: NOW - 1_800_000 },
    ],
    NOW,
  ),
  info,
};
const quotes = new Map([
  [`NFO:${CE}`, 4_140],
  [`NFO:${PE}`, 3_320],
]);
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

function fixture() {
  const clock = manualClock(NOW);
  const asked = { spots: 0, holidays: 0 };
  const greeks = createPositionsGreeks({
    spotPaise: () => {
      asked.spots += 1;
      return Promise.resolve(2_326_890);
    },
    holidays: {
      holidaysFrom: () => {
        asked.holidays += 1;
        return Promise.resolve([]);
      },
    },
    clock,
    logger: silent,
  });
  return { clock, asked, greeks };
}

describe("the open legs' greeks", () => {
  it('are solved once per quote and minute: the same quotes within the minute reuse the solved figures', async () => {
    const { clock, asked, greeks } = fixture();
    const first = greeks.unitsFor([strangle], quotes, await greeks.marketFor([strangle]));
    expect(first.get(`NFO:${CE}`)?.vol).toBeGreaterThan(0);
    clock.advance(30_000); // 10:30:50, the same minute
    const again = greeks.unitsFor([strangle], quotes, await greeks.marketFor([strangle]));
    expect(again.get(`NFO:${CE}`)).toBe(first.get(`NFO:${CE}`));
    // The calendar is read once a minute; the spot on every call (it moves).
    expect(asked).toEqual({ spots: 2, holidays: 1 });

    const moved = new Map([...quotes, [`NFO:${CE}`, 4_200]]);
    const repriced = greeks.unitsFor([strangle], moved, await greeks.marketFor([strangle]));
    expect(repriced.get(`NFO:${CE}`)).not.toBe(first.get(`NFO:${CE}`));
    expect(repriced.get(`NFO:${PE}`)).toBe(first.get(`NFO:${PE}`));
    clock.advance(30_000); // the next minute: less time left, solved again
    const later = greeks.unitsFor([strangle], moved, await greeks.marketFor([strangle]));
    expect(later.get(`NFO:${PE}`)).not.toBe(first.get(`NFO:${PE}`));
    expect(asked.holidays).toBe(2);
  });

  it('scale to each leg held and sum; a leg marked at its last fill has none and is counted as left out', async () => {
    const { greeks } = fixture();
    const units = greeks.unitsFor([strangle], quotes, await greeks.marketFor([strangle]));
    const marked = markToMarket(strangle.settled, info, quotes);
    const both = greeksOfMarked(marked, units);
    expect(both.legs.map((l) => Math.sign(l!.delta))).toEqual([-1, 1]); // the sold call, the sold put
    expect(both.totals.legsLeftOut).toBe(0);
    expect(both.totals.thetaPaise).toBe(both.legs[0]!.thetaPaise + both.legs[1]!.thetaPaise);

    const putOnly = new Map([[`NFO:${PE}`, 3_320]]);
    const stale = greeksOfMarked(markToMarket(strangle.settled, info, putOnly), units);
    expect(stale.legs[0]).toBeNull();
    expect(stale.totals).toMatchObject({ delta: stale.legs[1]!.delta, legsLeftOut: 1 });
  });

  it('leave every leg out while no spot can be had, and ask no calendar when nothing open is an option', async () => {
    const { asked, greeks } = fixture();
    const noSpot = { ...strangle, mapping: { instrumentToken: null } };
    const market = await greeks.marketFor([noSpot]);
    expect(greeks.unitsFor([noSpot], quotes, market).size).toBe(0);
    expect(asked).toEqual({ spots: 0, holidays: 0 });
  });
});
