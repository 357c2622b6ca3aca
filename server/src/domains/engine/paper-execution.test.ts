import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../platform/domain-events.js';
import type { OptionQuote } from '../market-data/option-chain.service.js';
import type { MappingState } from './engine.repository.js';
import type { PaperFills } from './engine.types.js';
import { executePaper } from './paper-execution.js';
import { PaperSliceRefusedError } from './paper-slices.js';
import { StalePositionError } from './stale-position.js';
import { LegAlreadyClosedError } from './orders.repository.js';
import type { Plan } from './plan.js';

/*
 * A candle close's paper fills in slices (paper-slices.ts): a slice the database refuses is reported, and
 * the other slices' fills stay booked and are told.
 */

const AT = Date.parse('2026-11-23T05:00:00Z');
const CE = 'NIFTY26D0124600CE';

function mapping(id: number, userId: number): MappingState {
  return {
    id,
    userId,
    username: `u${userId}`,
    strategyId: 1,
    strategyName: 'RDX',
    instrumentId: 1,
    instrumentName: 'NIFTY 50',
    instrumentToken: '256265',
    ticker: 'NIFTY',
    lotSize: 65,
    marketOpenTime: '09:15',
    marketCloseTime: '15:30',
    timezone: 'Asia/Kolkata',
    tradingDays: '1,2,3,4,5',
    marketProtection: 5,
    userBrokerId: null,
    isDummy: 1,
    ceCount: 1,
    peCount: 0,
    startTime: null,
    endTime: null,
    runningStatus: 1,
    positionVersion: 0,
    config: { lotCount: 1, atmPaise: 0, offsetPaise: 0, interval: '15m' },
  };
}

const entry = (id: number, userId: number): Plan => ({
  mapping: mapping(id, userId),
  decision: {
    action: 'enter',
    atmPaise: 2_460_000,
    open: [
      {
        option: {
          tradingSymbol: CE,
          exchange: 'NFO',
          strikePaise: 2_460_000,
          expiry: '2026-12-01',
          optionType: 'CE',
          lotSize: 65,
          instrumentToken: 1,
        },
        side: 'SELL',
        quantity: 65,
      },
    ],
  },
});

/** Mapping `id` buys back its call leg `legId` and sells the entry's call again. */
function realign(id: number, userId: number, legId: number): Plan {
  const base = entry(id, userId);
  if (base.decision.action !== 'enter') throw new Error('an entry expected');
  const held = {
    id: legId,
    optionType: 'CE' as const,
    tradingSymbol: CE,
    exchange: 'NFO',
    strikePaise: 2_460_000,
    expiry: '2026-12-01',
    quantity: 65,
  };
  return {
    mapping: base.mapping,
    decision: { action: 'realign', atmPaise: 2_460_000, close: [held], open: base.decision.open },
  };
}

/** A reference refusal as PostgreSQL's checks raise it: a row named a strategy that no longer exists. */
const referenceRefusal = () =>
  Object.assign(new Error('strategy_legs.mapping_id names a user_strategy_mappings row that does not exist'), {
    code: '23503',
  });

/**
 * A repository that refuses any slice holding `refuseUser`'s fills (with `refusal`), any slice naming a
 * strategy in `vanished` (deleted mid-close, a reference refusal), and any slice naming a strategy in
 * `tradedElsewhere` (its position version moved: another console traded it).
 */
function executorWith(
  refuseUser: number,
  options: { refusal?: () => Error; vanished?: number[]; tradedElsewhere?: number[]; quote?: OptionQuote } = {},
) {
  const writes: PaperFills[] = [];
  const booked: DomainEvents['fills.booked'][] = [];
  let nextId = 1;
  const vanished = new Set(options.vanished ?? []);
  const repo = {
    applyPaperFills: (input: PaperFills) => {
      writes.push(input);
      if (input.fills.some((f) => f.userId === refuseUser)) {
        return Promise.reject((options.refusal ?? (() => new Error('deadlock detected')))());
      }
      if (input.fills.some((f) => vanished.has(f.mappingId))) return Promise.reject(referenceRefusal());
      const moved = input.atm.filter((a) => options.tradedElsewhere?.includes(a.mappingId)).map((a) => a.mappingId);
      if (moved.length > 0) return Promise.reject(new StalePositionError(moved));
      return Promise.resolve(input.fills.map((f) => ({ ...f, id: nextId++, transactionDate: AT })));
    },
    existingMappingIds: (ids: readonly number[]) => Promise.resolve(new Set(ids.filter((id) => !vanished.has(id)))),
  };
  const deps = {
    repo,
    chain: {
      optionQuotes: (keys: string[]) =>
        Promise.resolve(new Map(keys.map((k) => [k, options.quote ?? { lastPaise: 12_345, bids: [], asks: [] }]))),
    },
    logger: pino({ level: 'silent' }),
    events: {
      publish: <K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) => {
        if (name === 'fills.booked') booked.push(payload as DomainEvents['fills.booked']);
        return Promise.resolve();
      },
    },
    paperSliceSize: 2,
  };
  const executor = { executePaper: (plans: Plan[], at: number) => executePaper(deps, plans, at) };
  return { executor, writes, booked };
}

describe('paper fills in slices', () => {
  it('writes each slice as its own transaction and tells every fill in one event', async () => {
    const { executor, writes, booked } = executorWith(-1);
    const plans = [entry(1, 10), entry(2, 10), entry(3, 20), entry(4, 20), entry(5, 30)];
    expect(await executor.executePaper(plans, AT)).toEqual({ skipped: [], stale: [] });
    expect(writes.map((w) => w.fills.map((f) => f.mappingId))).toEqual([[1, 2], [3, 4], [5]]);
    expect(writes.map((w) => w.atm.map((a) => a.mappingId))).toEqual([[1, 2], [3, 4], [5]]);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.transactions.map((x) => x.user_strategy_mapping_id).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('throws for a slice the database refused, after telling the fills of the slices it booked', async () => {
    const { executor, booked } = executorWith(20);
    const plans = [entry(1, 10), entry(2, 10), entry(3, 20), entry(4, 20), entry(5, 30)];
    const refused = await executor.executePaper(plans, AT).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PaperSliceRefusedError);
    // Owner 20's strategies are named, so their rows can say why they did not trade.
    expect((refused as PaperSliceRefusedError).mappingIds).toEqual([3, 4]);
    expect((refused as Error).message).toContain('deadlock detected');
    expect(booked).toHaveLength(1);
    expect(booked[0]?.transactions.map((x) => x.user_strategy_mapping_id).sort()).toEqual([1, 2, 5]);
  });

  it('writes a slice again without a strategy deleted mid-close, so its neighbours still trade', async () => {
    const { executor, writes, booked } = executorWith(-1, { vanished: [4] });
    const plans = [entry(1, 10), entry(2, 10), entry(3, 20), entry(4, 20), entry(5, 30)];
    expect(await executor.executePaper(plans, AT)).toEqual({ skipped: [], stale: [] });
    expect(writes.map((w) => w.fills.map((f) => f.mappingId))).toEqual([[1, 2], [3, 4], [5], [3]]);
    expect(booked[0]?.transactions.map((x) => x.user_strategy_mapping_id).sort()).toEqual([1, 2, 3, 5]);
  });

  it('writes a slice again without a strategy another console traded meanwhile, and names it', async () => {
    const { executor, writes, booked } = executorWith(-1, { tradedElsewhere: [3] });
    const plans = [entry(1, 10), entry(2, 10), entry(3, 20), entry(4, 20), entry(5, 30)];
    expect(await executor.executePaper(plans, AT)).toEqual({ skipped: [], stale: [3] });
    expect(writes.map((w) => w.fills.map((f) => f.mappingId))).toEqual([[1, 2], [3, 4], [5], [4]]);
    expect(booked[0]?.transactions.map((x) => x.user_strategy_mapping_id).sort()).toEqual([1, 2, 4, 5]);
  });

  it('takes a leg another console closed first as that strategy traded elsewhere, and writes the rest', async () => {
    const legId = 77;
    const { executor, writes } = executorWith(20, { refusal: () => new LegAlreadyClosedError(legId) });
    const plans = [entry(1, 10), realign(3, 20, legId), entry(4, 30)];
    expect(await executor.executePaper(plans, AT)).toEqual({ skipped: [], stale: [3] });
    expect(writes.map((w) => w.fills.map((f) => f.mappingId))).toEqual([[1, 3, 3], [4], [1]]);
  });

  it('numbers each strategy’s orders of the instant, one per leg closed or opened, as live sends them', async () => {
    const { executor, writes } = executorWith(99);
    await executor.executePaper([entry(1, 10), realign(3, 20, 5)], AT);
    const numbered = writes.flatMap((w) =>
      w.fills.map((f) => [f.mappingId, f.quantity < 0 ? 'BUY' : 'SELL', f.paperOrder]),
    );
    expect(new Set(numbered.map((n) => JSON.stringify(n)))).toEqual(
      new Set([JSON.stringify([1, 'SELL', 1]), JSON.stringify([3, 'BUY', 1]), JSON.stringify([3, 'SELL', 2])]),
    );
  });

  it('sends an order above the freeze quantity as slices, each an order of its own, walking the book in turn', async () => {
    const book: OptionQuote = {
      lastPaise: 10_000,
      bids: [
        { pricePaise: 10_000, quantity: 1_000 },
        { pricePaise: 9_995, quantity: 5_000 },
      ],
      asks: [],
    };
    const { executor, writes } = executorWith(99, { quote: book });
    const lots = (count: number): Plan => {
      const plan = entry(1, 10);
      if (plan.decision.action === 'enter') plan.decision.open[0]!.quantity = count * 65;
      return plan;
    };
    // NIFTY's freeze quantity 1800 holds 27 lots of 65 (1755): 30 lots go as 1755 and 195.
    await executor.executePaper([lots(30)], AT);
    expect(writes[0]?.fills.map((f) => [f.paperOrder, f.quantity, f.pricePaise])).toEqual([
      [1, 1_000, 10_000],
      [1, 755, 9_995],
      [2, 195, 9_995],
    ]);
    // 27 lots are within it: one order.
    await executor.executePaper([lots(27)], AT);
    expect(new Set(writes[1]?.fills.map((f) => f.paperOrder))).toEqual(new Set([1]));
  });

  it('stops at the market-protection band: levels beyond it are not taken, the rest fills at the bound', async () => {
    // Protection 5 %: a sale takes bids down to ₹95.00 (last ₹100.00); ₹90.00 lies beyond the band.
    const thin: OptionQuote = {
      lastPaise: 10_000,
      bids: [
        { pricePaise: 9_990, quantity: 40 },
        { pricePaise: 9_000, quantity: 1_000 },
      ],
      asks: [],
    };
    const { executor, writes } = executorWith(99, { quote: thin });
    await executor.executePaper([entry(1, 10)], AT);
    expect(writes[0]?.fills.map((f) => [f.quantity, f.pricePaise])).toEqual([
      [40, 9_990],
      [25, 9_500],
    ]);
    expect(writes[0]?.openLegs.map((l) => [l.quantity, l.entryPricePaise])).toEqual([[65, 9_802]]);
  });

  it('does not write again a slice refused by a reference when none of its strategies is gone', async () => {
    const { executor, writes } = executorWith(20, { refusal: referenceRefusal });
    const plans = [entry(1, 10), entry(2, 10), entry(3, 20), entry(4, 20)];
    const refused = await executor.executePaper(plans, AT).catch((err: unknown) => err);
    expect((refused as PaperSliceRefusedError).mappingIds).toEqual([3, 4]);
    expect(writes).toHaveLength(2);
  });
});
