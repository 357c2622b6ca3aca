import { LegSchema } from '@app/contract';
import type { z } from 'zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpenLeg } from '../strategies/decision.logic.js';
import { enteredLeg, readMemo, writeMemo, type LegsMemo } from './legs-memo.logic.js';
import { reviewLegs } from './legs-review.logic.js';
import { goneLegsWords } from './legs-words.logic.js';

const leg = (over: Partial<z.input<typeof LegSchema>> = {}) =>
  LegSchema.parse({
    option_type: 'CE',
    side: 'SELL',
    lots: 1,
    expiry: 'current_week',
    strike: { by: 'atm', steps: 1 },
    ...over,
  });
const held = (symbol: string, entryPricePaise: number, quantity = 65): OpenLeg => ({
  id: 1,
  optionType: 'CE',
  tradingSymbol: symbol,
  exchange: 'NFO',
  strikePaise: 2_460_000,
  expiry: '2026-11-24',
  quantity,
  entryPricePaise,
});
const entered = (...symbols: string[]): LegsMemo => ({ legs: symbols.map(enteredLeg), entry: null });

/** Feeds prices one by one to a config holding `open` (until it closes), as the engine would, memo carried over. */
function walk(config: { legs: ReturnType<typeof leg>[] }, open: OpenLeg, prices: number[]) {
  let memo = entered(open.tradingSymbol);
  let legs: OpenLeg[] = [open];
  const events: string[] = [];
  for (const price of prices) {
    const r = reviewLegs(config, memo, legs, new Map([[open.tradingSymbol, price]]));
    memo = r.memo;
    if (r.close.length > 0) {
      events.push(`${r.reason} at ${price}`);
      legs = [];
    }
    if (r.reEnter.length > 0) {
      events.push(`re-enter at ${price}`);
      legs = [{ ...open, id: open.id + events.length, entryPricePaise: price }];
    }
  }
  return { events, memo };
}

describe('reviewLegs', () => {
  it('trails a sold leg’s stop down as its price falls, never up, and names the exit a trailing stop', () => {
    // Entry ₹100.00; 20 % stop (₹120.00); trailing starts after a ₹10 fall and follows ₹5 behind the best price.
    const sold = leg({
      stop_loss: { unit: 'percent', value: 20 },
      trailing: { unit: 'points', activate_at: 10, trail_by: 5 },
    });
    const { events, memo } = walk({ legs: [sold] }, held('CE1', 10_000), [9_500, 8_900, 9_200, 8_700, 9_199, 9_200]);
    // Best ₹87.00 → stop ₹92.00: ₹91.99 holds, ₹92.00 exits.
    expect(events).toEqual(['trailing-stop at 9200']);
    expect(memo.legs[0]).toMatchObject({ out: { reason: 'trailing-stop', atPaise: 9_200, isWaiting: false } });
  });

  it('keeps a trail across prices only for the holding it belongs to: a re-entry starts afresh', () => {
    const sold = leg({ trailing: { unit: 'points', activate_at: 10, trail_by: 5 } });
    const first = reviewLegs({ legs: [sold] }, entered('CE1'), [held('CE1', 10_000)], new Map([['CE1', 8_000]]));
    expect(first.memo.legs[0]!.trail).toEqual({
      entryPaise: 10_000,
      bestPaise: 8_000,
      isActive: true,
      stopPaise: 8_500,
    });
    // The same contract held again at another entry price: the old trail is not its trail.
    const again = reviewLegs({ legs: [sold] }, first.memo, [held('CE1', 9_000)], new Map([['CE1', 8_600]]));
    expect(again.close).toEqual([]);
    expect(again.memo.legs[0]!.trail).toMatchObject({ entryPaise: 9_000, isActive: false });
  });

  it('re-enters a stopped leg at once on the next review, up to its count, and never after a target', () => {
    const sold = leg({ stop_loss: { unit: 'points', value: 20 }, re_entry: { times: 1, when: 'at_once' } });
    const { events, memo } = walk({ legs: [sold] }, held('CE1', 10_000), [12_000, 12_100, 14_300, 14_400]);
    // Stopped at ₹120.00, re-entered at ₹121.00, stopped again at ₹143.00 (₹20 above ₹121.00): no re-entry left.
    expect(events).toEqual(['stop-loss at 12000', 're-enter at 12100', 'stop-loss at 14300']);
    expect(memo.legs[0]).toMatchObject({ reEntries: 1, out: { isWaiting: false } });
    const target = leg({ target: { unit: 'points', value: 20 }, re_entry: { times: 3, when: 'at_once' } });
    expect(walk({ legs: [target] }, held('CE1', 10_000), [8_000, 8_000, 8_000]).events).toEqual(['target at 8000']);
  });

  it('waits for the price to come back to the first entry before re-entering at it', () => {
    const sold = leg({ stop_loss: { unit: 'percent', value: 25 }, re_entry: { times: 2, when: 'at_entry_price' } });
    const { events, memo } = walk({ legs: [sold] }, held('CE1', 10_000), [12_500, 11_000, 10_001, 10_000]);
    expect(events).toEqual(['stop-loss at 12500', 're-enter at 10000']);
    expect(memo.legs[0]).toMatchObject({ reEntries: 1, firstEntryPaise: 10_000 });
  });

  it('never re-enters more often than the leg allows, whatever the prices (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('at_once' as const, 'at_entry_price' as const),
        fc.array(fc.integer({ min: 5_000, max: 20_000 }), { maxLength: 60 }),
        (times, when, prices) => {
          const sold = leg({ stop_loss: { unit: 'percent', value: 10 }, re_entry: { times, when } });
          const { events, memo } = walk({ legs: [sold] }, held('CE1', 10_000), prices);
          const reEntries = events.filter((e) => e.startsWith('re-enter')).length;
          expect(reEntries).toBeLessThanOrEqual(times);
          expect(memo.legs[0]!.reEntries).toBe(reEntries);
        },
      ),
    );
  });

  it('binds held legs to configured ones by the contract each entered, so twin legs keep their own stops', () => {
    const tight = leg({ stop_loss: { unit: 'points', value: 5 } });
    const wide = leg({ stop_loss: { unit: 'points', value: 50 } });
    const a = { ...held('CE_A', 10_000), id: 7 };
    const b = { ...held('CE_B', 10_000), id: 3 };
    const r = reviewLegs(
      { legs: [tight, wide] },
      entered('CE_A', 'CE_B'),
      [a, b],
      new Map([
        ['CE_A', 10_600],
        ['CE_B', 10_600],
      ]),
    );
    expect(r.close).toEqual([a]);
  });
});

describe('goneLegsWords', () => {
  it('says which leg left, at what price, and what its re-entry waits for', () => {
    const sold = leg({ stop_loss: { unit: 'points', value: 30 }, re_entry: { times: 2, when: 'at_entry_price' } });
    const r = reviewLegs({ legs: [sold] }, entered('CE1'), [held('CE1', 15_000)], new Map([['CE1', 18_240]]));
    expect(goneLegsWords({ legs: [sold] }, readMemo(writeMemo(r.memo)), [])).toEqual([
      'Leg 1 CE stopped at ₹182.40, re-entry 1 of 2 waiting for ₹150.00',
    ]);
    expect(goneLegsWords({ legs: [sold] }, r.memo, [held('CE1', 15_000)])).toEqual([]);
    // Entered again: the row counts its re-entries while it is held.
    const back = reviewLegs({ legs: [sold] }, r.memo, [], new Map([['CE1', 15_000]]));
    expect(back.reEnter).toEqual([0]);
    expect(goneLegsWords({ legs: [sold] }, back.memo, [held('CE1', 15_000)])).toEqual([
      'Leg 1 CE re-entered, 1 of 2 used',
    ]);
  });

  it('says where a trailing stop stands once it trails', () => {
    const sold = leg({ trailing: { unit: 'points', activate_at: 10, trail_by: 5 } });
    const r = reviewLegs({ legs: [sold] }, entered('CE1'), [held('CE1', 10_000)], new Map([['CE1', 8_000]]));
    expect(goneLegsWords({ legs: [sold] }, r.memo, [held('CE1', 10_000)])).toEqual([
      'Leg 1 CE trailing, stop at ₹85.00',
    ]);
  });
});

describe('reviewLegs on a backtest’s 1-minute candle', () => {
  const sold = leg({ stop_loss: { unit: 'percent', value: 20 } });
  const candle = (o: number, h: number, l: number, c: number) => ({
    openPaise: o,
    highPaise: h,
    lowPaise: l,
    closePaise: c,
  });

  it('closes a leg whose candle high crossed its stop, at the stop, though the close is back below it', () => {
    const r = reviewLegs(
      { legs: [sold] },
      entered('CE1'),
      [held('CE1', 10_000)],
      new Map([['CE1', 10_100]]),
      new Map([['CE1', candle(10_000, 12_500, 9_900, 10_100)]]),
    );
    expect(r.reason).toBe('stop-loss');
    expect(r.close.map((l) => l.exitPaise)).toEqual([12_000]);
    expect(r.memo.legs[0]!.out).toMatchObject({ reason: 'stop-loss', atPaise: 12_000 });
  });

  it('judges the last price after the candle: a close read past the stop exits there, at the market', () => {
    const r = reviewLegs(
      { legs: [sold] },
      entered('CE1'),
      [held('CE1', 10_000)],
      new Map([['CE1', 12_300]]),
      new Map([['CE1', candle(10_000, 11_000, 9_900, 10_500)]]),
    );
    expect(r.reason).toBe('stop-loss');
    // No exit price of the rules' own: the order fills at the quote, as a live market order would.
    expect(r.close.map((l) => l.exitPaise)).toEqual([undefined]);
  });

  it('keeps a leg whose candle stayed inside its levels', () => {
    const r = reviewLegs(
      { legs: [sold] },
      entered('CE1'),
      [held('CE1', 10_000)],
      undefined,
      new Map([['CE1', candle(10_000, 11_999, 9_000, 10_500)]]),
    );
    expect(r.close).toEqual([]);
  });
});
