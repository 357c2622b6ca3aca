import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ChainOption, LegClose, LegOrder } from '../strategies/decision.logic.js';
import type { MappingState } from './engine.repository.js';
import type { PaperFills } from './engine.types.js';
import { marginBasketOf } from './margin-guard.js';
import { executePaper } from './paper-execution.js';
import type { Plan } from './plan.js';

/*
 * A bought leg through paper execution (issue 33): opened with a BUY at the offers, held as a negative
 * quantity (SPEC's sign: > 0 sold), closed with a SELL at the bids; RDX's sold legs as before. And the invariant
 * the ledger and the reconciliation rest on: whatever is opened and closed, the fills of a symbol net to its
 * open legs' signed quantity.
 */

const AT = Date.parse('2026-11-23T05:00:00Z');
const CE = 'NIFTY26D0124600CE';
const PE = 'NIFTY26D0124400PE';
const LOT = 65;

const mapping: MappingState = {
  id: 1,
  userId: 10,
  username: 'u10',
  strategyId: 1,
  strategyName: 'Condor',
  instrumentId: 1,
  instrumentName: 'NIFTY 50',
  instrumentToken: '256265',
  ticker: 'NIFTY',
  lotSize: LOT,
  marketOpenTime: '09:15',
  marketCloseTime: '15:30',
  timezone: 'Asia/Kolkata',
  tradingDays: '1,2,3,4,5',
  marketProtection: 5,
  userBrokerId: null,
  isDummy: 1,
  ceCount: 1,
  peCount: 1,
  startTime: null,
  endTime: null,
  runningStatus: 1,
  positionVersion: 0,
  config: { lotCount: 1, atmPaise: 0, offsetPaise: 0, interval: '15m' },
};

const option = (tradingSymbol: string): ChainOption => ({
  tradingSymbol,
  exchange: 'NFO',
  strikePaise: tradingSymbol === CE ? 2_460_000 : 2_440_000,
  expiry: '2026-12-01',
  optionType: tradingSymbol === CE ? 'CE' : 'PE',
  lotSize: LOT,
  instrumentToken: 1,
});

/** A book of ₹100.00 bid / ₹101.00 offered, deep enough for every order here. */
const QUOTE = {
  lastPaise: 10_050,
  bids: [{ pricePaise: 10_000, quantity: 100_000 }],
  asks: [{ pricePaise: 10_100, quantity: 100_000 }],
};

/** Paper execution over a repository that keeps the legs in memory as the fill writer changes them. */
function paperBook() {
  const writes: PaperFills[] = [];
  const legs = new Map<number, { symbol: string; quantity: number }>();
  let nextLeg = 1;
  const repo = {
    applyPaperFills: (input: PaperFills) => {
      writes.push(input);
      for (const id of input.closeLegIds) legs.delete(id);
      for (const s of input.shrinkLegs ?? []) legs.set(s.id, { ...legs.get(s.id)!, quantity: s.held - s.by });
      for (const l of input.openLegs) legs.set(nextLeg++, { symbol: l.tradingSymbol, quantity: l.quantity });
      return Promise.resolve(input.fills.map((f, i) => ({ ...f, id: i + 1, transactionDate: AT })));
    },
    existingMappingIds: (ids: readonly number[]) => Promise.resolve(new Set(ids)),
  };
  const deps = {
    repo,
    chain: { optionQuotes: (keys: string[]) => Promise.resolve(new Map(keys.map((k) => [k, QUOTE]))) },
    logger: pino({ level: 'silent' }),
    events: { publish: () => Promise.resolve() },
  };
  const run = (decision: Plan['decision']) => executePaper(deps, [{ mapping, decision }], AT);
  /** The open legs as the engine reads them back (signed quantity). */
  const open = (): LegClose[] => [...legs].map(([id, l]) => ({ id, ...option(l.symbol), quantity: l.quantity }));
  return { writes, legs, run, open };
}

const buy = (symbol: string, lots = 1): LegOrder => ({ option: option(symbol), side: 'BUY', quantity: lots * LOT });
const sell = (symbol: string, lots = 1): LegOrder => ({ option: option(symbol), side: 'SELL', quantity: lots * LOT });

describe('a bought leg on paper', () => {
  it('opens a BUY at the offer as a negative leg and a SELL at the bid as a positive one', async () => {
    const book = paperBook();
    await book.run({ action: 'enter', atmPaise: 2_450_000, open: [buy(CE), sell(PE)] });
    const [write] = book.writes;
    expect(write?.openLegs.map((l) => [l.tradingSymbol, l.quantity, l.entryPricePaise])).toEqual([
      [CE, -LOT, 10_100],
      [PE, LOT, 10_000],
    ]);
    expect(write?.fills.map((f) => [f.tradingSymbol, f.quantity, f.pricePaise])).toEqual([
      [CE, -LOT, 10_100],
      [PE, LOT, 10_000],
    ]);
  });

  it('closes a bought leg with a SELL at the bid and a sold one with a BUY at the offer', async () => {
    const book = paperBook();
    await book.run({ action: 'enter', atmPaise: 2_450_000, open: [buy(CE), sell(PE)] });
    await book.run({ action: 'squareOff', close: book.open(), reason: 'exit' });
    const close = book.writes[1];
    expect(close?.fills.map((f) => [f.tradingSymbol, f.quantity, f.pricePaise])).toEqual([
      [CE, LOT, 10_000],
      [PE, -LOT, 10_100],
    ]);
    expect(close?.closeLegIds).toEqual([1, 2]);
    expect(book.legs.size).toBe(0);
  });

  it('closes part of a bought leg by selling that part: the leg keeps the rest, still negative', async () => {
    const book = paperBook();
    await book.run({ action: 'enter', atmPaise: 2_450_000, open: [buy(CE, 3)] });
    const [held] = book.open();
    await book.run({
      action: 'squareOff',
      close: [{ ...held!, quantity: -LOT, heldQuantity: -3 * LOT }],
      reason: 'exit',
    });
    expect(book.writes[1]?.fills.map((f) => f.quantity)).toEqual([LOT]);
    expect(book.writes[1]?.shrinkLegs).toEqual([{ id: 1, by: -LOT, held: -3 * LOT }]);
    expect([...book.legs.values()]).toEqual([{ symbol: CE, quantity: -2 * LOT }]);
  });

  it('asks the margin for a bought wing as BUY and its close as SELL', () => {
    const held = { id: 1, ...option(CE), quantity: -LOT };
    expect(
      marginBasketOf({ action: 'realign', atmPaise: 2_450_000, close: [held], open: [buy(PE, 2), sell(CE)] }),
    ).toEqual([
      { exchange: 'NFO', tradingSymbol: CE, side: 'SELL', quantity: LOT },
      { exchange: 'NFO', tradingSymbol: PE, side: 'BUY', quantity: 2 * LOT },
      { exchange: 'NFO', tradingSymbol: CE, side: 'SELL', quantity: LOT },
    ]);
  });
});

/** One step of a random life: open a leg (either side), or close one open leg in full or in part. */
type Step =
  { kind: 'open'; symbol: string; side: 'BUY' | 'SELL'; lots: number } | { kind: 'close'; pick: number; lots: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    symbol: fc.constantFrom(CE, PE),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    lots: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat(), lots: fc.integer({ min: 1, max: 4 }) }),
);

describe('fills net per symbol = open legs (property)', () => {
  it('holds for any sequence of bought and sold opens and whole or part closes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const book = paperBook();
        for (const s of steps) {
          if (s.kind === 'open') {
            const order = s.side === 'BUY' ? buy(s.symbol, s.lots) : sell(s.symbol, s.lots);
            await book.run({ action: 'enter', atmPaise: 2_450_000, open: [order] });
            continue;
          }
          const held = book.open();
          const leg = held[s.pick % Math.max(1, held.length)];
          if (!leg) continue;
          const units = Math.min(s.lots * LOT, Math.abs(leg.quantity));
          const part = Math.sign(leg.quantity) * units;
          const close = units < Math.abs(leg.quantity) ? { ...leg, quantity: part, heldQuantity: leg.quantity } : leg;
          await book.run({ action: 'squareOff', close: [close], reason: 'exit' });
        }
        const net = new Map<string, number>();
        for (const f of book.writes.flatMap((w) => w.fills)) {
          net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
        }
        const held = new Map<string, number>();
        for (const l of book.legs.values()) held.set(l.symbol, (held.get(l.symbol) ?? 0) + l.quantity);
        for (const symbol of [CE, PE]) expect(net.get(symbol) ?? 0).toBe(held.get(symbol) ?? 0);
        // No leg is ever left at zero: a close of all of it closes it.
        expect([...book.legs.values()].every((l) => l.quantity !== 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
