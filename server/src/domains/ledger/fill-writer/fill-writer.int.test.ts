import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../../test/test-app.js';
import {
  createFillWriter,
  LegAlreadyClosedError,
  type FillBooking,
  type FillToBook,
  type FillWriter,
  type LegToOpen,
} from './fill-writer.js';

/*
 * The ledger's one fill writer: whatever books a fill (a paper slice, a live trade, a settlement, a match by
 * hand), the trade book, the strategy's legs and the user's transaction count agree afterwards. Both the
 * dialect's fast path and the portable Kysely path are held to it, on SQLite and (in -pg) PostgreSQL.
 */

let t: TestApp;
let owner: TestUser;
let mapping: { id: number; strategyId: number; instrumentId: number };
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  const m = await buildMapping(t, owner);
  const row = await t.database.db
    .selectFrom('userStrategyMappings')
    .select(['id', 'strategyId', 'instrumentId'])
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  mapping = row;
});
afterEach(async () => {
  await t.close();
});

const writers = (): Array<[string, FillWriter]> => [
  [`${dialect} fast path`, createFillWriter(t.database)],
  ['portable path', createFillWriter({ db: t.database.db })],
];

const book = (writer: FillWriter, booking: FillBooking) =>
  t.database.db.transaction().execute((trx) => writer.book(trx, booking));

const leg = (symbol: string, quantity: number, entryPricePaise: number): LegToOpen => ({
  mappingId: mapping.id,
  userId: owner.id,
  optionType: symbol.endsWith('CE') ? 'CE' : 'PE',
  tradingSymbol: symbol,
  exchange: 'NFO',
  strikePaise: 2_400_000,
  expiry: '2026-12-31',
  quantity,
  entryPricePaise,
});

/** A fill of the test's strategy: positive sells, negative buys. */
const fill = (symbol: string, quantity: number, pricePaise: number, extra: Partial<FillToBook> = {}): FillToBook => ({
  userId: owner.id,
  mappingId: mapping.id,
  strategyId: mapping.strategyId,
  instrumentId: mapping.instrumentId,
  tradingSymbol: symbol,
  quantity,
  pricePaise,
  isDummy: 1,
  orderId: null,
  ...extra,
});

/** What the trade book, the legs and the count say now. */
async function ledger() {
  const { db } = t.database;
  const transactions = await db.selectFrom('transactions').selectAll().where('userId', '=', owner.id).execute();
  const legs = await db.selectFrom('strategyLegs').selectAll().where('mappingId', '=', mapping.id).execute();
  const count = await db.selectFrom('transactionCounts').select('n').where('userId', '=', owner.id).executeTakeFirst();
  return { transactions, legs, count: Number(count?.n ?? 0) };
}

/** Per symbol, what the fills leave short (sells less buys) must be what the open legs hold. */
async function expectConsistent() {
  const { transactions, legs, count } = await ledger();
  expect(count).toBe(transactions.length);
  const net = new Map<string, number>();
  for (const tx of transactions) net.set(tx.tradingSymbol, (net.get(tx.tradingSymbol) ?? 0) + tx.quantity);
  const held = new Map<string, number>();
  for (const l of legs.filter((l) => l.status === 'open'))
    held.set(l.tradingSymbol, (held.get(l.tradingSymbol) ?? 0) + l.quantity);
  for (const [symbol, quantity] of net) expect(held.get(symbol) ?? 0, symbol).toBe(quantity);
  for (const [symbol, quantity] of held) expect(net.get(symbol) ?? 0, symbol).toBe(quantity);
}

describe('the ledger fill writer', () => {
  it('books a paper entry, a live trade, a settlement and a match by hand with legs and counts agreeing', async () => {
    for (const [name, writer] of writers()) {
      const ce = `NIFTY${name.length}CE`;
      const pe = `NIFTY${name.length}PE`;
      // A paper entry: two legs sold at their paper prices.
      const entry = await book(writer, {
        at: 1_000,
        openLegs: [leg(ce, 65, 10_050), leg(pe, 65, 9_900)],
        fills: [
          fill(ce, 65, 10_050, { priceSource: 'quote_depth' }),
          fill(pe, 65, 9_900, { priceSource: 'quote_depth' }),
        ],
      });
      expect(entry.openedLegIds).toHaveLength(2);
      expect(entry.fills.map((f) => [f.tradingSymbol, f.transactionDate])).toEqual([
        [ce, 1_000],
        [pe, 1_000],
      ]);
      await expectConsistent();
      const [ceLeg, peLeg] = entry.openedLegIds as [number, number];

      // A live trade of another slice of the same intent grows the CE leg; its entry is the average.
      const live = await book(writer, {
        at: 2_000,
        growLegs: [{ id: ceLeg, by: 65, pricePaise: 10_150, held: { quantity: 65, entryPricePaise: 10_050 } }],
        fills: [fill(ce, 65, 10_150, { isDummy: 0, brokerTradeId: `T-${name}` })],
      });
      expect(live.fills[0]?.brokerTradeId).toBe(`T-${name}`);
      await expectConsistent();

      // A match by hand buys back part of the CE leg, then the rest of it.
      await book(writer, { at: 3_000, shrinkLegs: [{ id: ceLeg, by: 30, held: 130 }], fills: [fill(ce, -30, 500)] });
      await book(writer, { at: 3_500, closeHeldLegs: [{ id: ceLeg, held: 100 }], fills: [fill(ce, -100, 400)] });
      await expectConsistent();

      // The PE leg settles at expiry.
      const settled = await book(writer, {
        at: 4_000,
        closeLegIds: [peLeg],
        fills: [fill(pe, -65, 0, { kind: 'settlement' })],
      });
      expect(settled.fills[0]?.kind).toBe('settlement');
      await expectConsistent();

      const { legs, transactions } = await ledger();
      const ceRow = legs.find((l) => l.id === ceLeg);
      expect(ceRow).toMatchObject({ status: 'closed', closedAt: 3_500, entryPricePaise: 10_100 });
      const written = new Map(transactions.map((tx) => [tx.id, tx]));
      for (const f of [...entry.fills, ...live.fills, ...settled.fills]) {
        expect(written.get(f.id)).toMatchObject({ tradingSymbol: f.tradingSymbol, quantity: f.quantity });
      }
      expect(written.get(settled.fills[0]?.id ?? 0)?.kind).toBe('settlement');
      expect(written.get(entry.fills[0]?.id ?? 0)?.priceSource).toBe('quote_depth');
    }
  });

  it('writes nothing at all when one leg change finds its leg closed by another actor first', async () => {
    for (const [, writer] of writers()) {
      const symbol = `RACE${Math.random().toString(36).slice(2, 8)}CE`;
      const opened = await book(writer, { at: 1, openLegs: [leg(symbol, 65, 100)], fills: [fill(symbol, 65, 100)] });
      const legId = opened.openedLegIds[0] as number;
      await book(writer, { at: 2, closeLegIds: [legId], fills: [fill(symbol, -65, 90)] });
      const before = await ledger();
      const again = book(writer, {
        at: 3,
        closeLegIds: [legId],
        openLegs: [leg(`${symbol}X`, 65, 100)],
        fills: [fill(symbol, -65, 80), fill(`${symbol}X`, 65, 100)],
      });
      await expect(again).rejects.toBeInstanceOf(LegAlreadyClosedError);
      expect(await ledger()).toEqual(before);
    }
  });

  it('keeps legs and counts netting to the trade book over any run of entries, growths and buy-backs', async () => {
    // Each step acts on one of three symbols: sell more (open or grow), buy back part, or buy back all.
    const step = fc.record({
      symbol: fc.constantFrom('A', 'B', 'C'),
      action: fc.constantFrom('sell', 'buyPart', 'buyAll'),
      quantity: fc.integer({ min: 1, max: 200 }),
      pricePaise: fc.integer({ min: 5, max: 50_000 }),
      fast: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        const [fast, portable] = writers().map(([, w]) => w) as [FillWriter, FillWriter];
        const open = new Map<string, { id: number; quantity: number; entryPricePaise: number }>();
        for (const [i, s] of steps.entries()) {
          const symbol = `P${run}${s.symbol}CE`;
          const writer = s.fast ? fast : portable;
          const held = open.get(symbol);
          if (s.action === 'sell') {
            const f = fill(symbol, s.quantity, s.pricePaise);
            if (held) {
              await book(writer, {
                at: i,
                growLegs: [{ id: held.id, by: s.quantity, pricePaise: s.pricePaise, held }],
                fills: [f],
              });
              held.entryPricePaise = Math.round(
                (held.quantity * held.entryPricePaise + s.quantity * s.pricePaise) / (held.quantity + s.quantity),
              );
              held.quantity += s.quantity;
            } else {
              const booked = await book(writer, {
                at: i,
                openLegs: [leg(symbol, s.quantity, s.pricePaise)],
                fills: [f],
              });
              open.set(symbol, {
                id: booked.openedLegIds[0] as number,
                quantity: s.quantity,
                entryPricePaise: s.pricePaise,
              });
            }
          } else if (held) {
            const by = s.action === 'buyAll' ? held.quantity : Math.min(s.quantity, held.quantity);
            const f = fill(symbol, -by, s.pricePaise);
            if (by >= held.quantity) {
              await book(writer, { at: i, closeHeldLegs: [{ id: held.id, held: held.quantity }], fills: [f] });
              open.delete(symbol);
            } else {
              await book(writer, { at: i, shrinkLegs: [{ id: held.id, by, held: held.quantity }], fills: [f] });
              held.quantity -= by;
            }
          }
        }
        await expectConsistent();
        const { legs } = await ledger();
        for (const [, h] of open) {
          expect(legs.find((l) => l.id === h.id)).toMatchObject({
            status: 'open',
            quantity: h.quantity,
            entryPricePaise: h.entryPricePaise,
          });
        }
      }),
      { numRuns: 15 },
    );
  });
});
