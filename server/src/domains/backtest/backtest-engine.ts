import type { BacktestFillModel } from '@app/contract';
import { IST_OFFSET_MS, istDay } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createEventBus } from '../../platform/event-bus.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import type { HolidayDay } from '../calendar/calendar.logic.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { ChainOption, Decision, OptionCandle } from '../strategies/decision.logic.js';
import type { AnyStrategyType } from '../strategies/strategy-type.types.js';
import type { OptionQuote } from '../market-data/option-chain.service.js';
import { INTERVAL_MS } from '../market-data/candles.logic.js';
import { createReplayEngine } from '../engine/engine-replay.service.js';
import { fillQuote, onTicksAgainstTrader } from './fill-quote.logic.js';
import { protectionPercentFor } from '../brokers/broker-registry.js';
import { createEquityTracker, type EquityTracker } from './backtest-equity.logic.js';
import type { BacktestFill, UnderlyingCandle, UnderlyingMinute } from './backtest.types.js';
import { keepCandle, seeded, type BacktestSeed } from './backtest-database.js';

/*
 * One backtest: the live engine's own code on a database of its own in memory. A strategy's mapping is written
 * there as the console writes one; each candle close is decided by the engine's candle decisions (the strategy
 * type's `decide`, the calendar gate), traded by the engine's plan execution and paper execution (paper-price.ts
 * prices every fill from a quote, here the fill model's), booked by the ledger's fill writer, and legs held
 * through an expiry are settled by the engine's expiry settlement. Only the clock, the chain, the quotes and the
 * holidays are the backtest's: the candles' instants, the price source's contracts and prices, the calendar read
 * once. Nothing here decides, prices or books a trade itself.
 */

/** Where a backtest's option contracts and prices come from (price-sources.ts builds one per source). */
export interface PriceSource {
  /** The chain listed at the close `at`, with the underlying at `underlyingPaise`. */
  chainAt(at: number, underlyingPaise: number): Promise<readonly ChainOption[]>;
  /** An option's price at the close `at`, or at the next candle's open (`next_open`); null when unknown. */
  optionPaise(
    tradingSymbol: string,
    at: number,
    when: 'close' | 'next_open',
    underlying: { closePaise: number; nextOpenPaise: number | null },
  ): Promise<number | null>;
  /** The depth a paper order would have read at `at` (the `paper` fill model); null when none was recorded. */
  depthAt(tradingSymbol: string, at: number): Promise<OptionQuote | null>;
  /** An option's candle of the underlying's `minute` (its recorded minute, or the model's); null when unknown. */
  optionCandle(tradingSymbol: string, minute: UnderlyingMinute): Promise<OptionCandle | null>;
}

/** A run: what its database is seeded with (the whole strategy type here), and how it is priced and filled. */
export interface BacktestSpec extends Omit<BacktestSeed, 'type'> {
  type: AnyStrategyType;
  /**
   * The underlying's 1-minute candles over the range, oldest first: a type acting between its closes (`betweenCloses`,
   * a Multi-leg leg's stop) is judged on each minute's option candle, as the live console judges it on each tick.
   * Empty: on its closes alone.
   */
  minutes: readonly UnderlyingMinute[];
  prices: PriceSource;
  fillModel: BacktestFillModel;
  slippageTicks: number;
  holidays: readonly HolidayDay[];
  logger: FastifyBaseLogger;
}

export interface BacktestHooks {
  /** Told every so often, 0–1. */
  onProgress?: (fraction: number) => void;
  /** Asked every so often: true stops the run (it throws `BacktestCancelledError`). */
  isCancelled?: () => boolean;
}

export class BacktestCancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface BacktestOutcome {
  fills: BacktestFill[];
  equity: EquityTracker;
  /** Closes whose decision needed an option price the source did not have, and the first of them. */
  missing: { count: number; first: number | null };
}

/** Closes between two looks at the event loop: a run shares its process with the console's requests. */
const YIELD_EVERY = 250;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Words for why a fill was made, from the decision that made it. */
function reasonOf(decision: Decision): string {
  if (decision.action === 'enter') return 'entry';
  if (decision.action === 'realign') return 'realign';
  if (decision.action === 'squareOff') return decision.reason;
  return decision.reason;
}

export async function runBacktest(spec: BacktestSpec, hooks: BacktestHooks = {}): Promise<BacktestOutcome> {
  const first = spec.candles[0];
  if (!first) return { fills: [], equity: createEquityTracker(), missing: { count: 0, first: null } };
  const firstDay = istDay(first.ts);
  const database = await seeded(spec, firstDay);
  try {
    return await run(spec, hooks, database);
  } finally {
    await database.close();
  }
}

async function run(spec: BacktestSpec, hooks: BacktestHooks, database: Database): Promise<BacktestOutcome> {
  const { candles, interval, logger } = spec;
  const token = spec.instrument.instrumentToken;
  const events = createEventBus<DomainEvents>(logger);
  // The calendar as the engine reads it, once per day asked (the gate asks at every close).
  let holidaysAsked: { day: string; answer: Promise<HolidayDay[]> } | null = null;
  const holidays: HolidaySource = {
    holidaysFrom(day) {
      if (holidaysAsked?.day !== day) {
        holidaysAsked = { day, answer: Promise.resolve(spec.holidays.filter((h) => h.date >= day)) };
      }
      return holidaysAsked.answer;
    },
  };

  // The instant being decided (a close, or a minute between closes): what the chain and the quotes answer for.
  type Underlying = { closePaise: number; nextOpenPaise: number | null };
  let now: { at: number; underlying: Underlying; missingSymbols: number } = {
    at: 0,
    underlying: { closePaise: 0, nextOpenPaise: null },
    missingSymbols: 0,
  };
  let chain: readonly ChainOption[] = [];
  const underlyingAt = (index: number): Underlying => ({
    closePaise: candles[index]!.closePaise,
    nextOpenPaise: candles[index + 1]?.openPaise ?? null,
  });

  /**
   * An order's quote by the fill model. A leg its rules judged to leave at a price inside a candle (a stop crossed,
   * `exitPaise`) fills at that price, moved by the model as any price is; under `paper` at the depth paper read then.
   */
  async function quoteOf(symbol: string, exitPaise: number | undefined): Promise<OptionQuote | null> {
    const { at, underlying } = now;
    const model = exitPaise !== undefined && spec.fillModel === 'next_open' ? 'close' : spec.fillModel;
    const pricePaise =
      model === 'paper'
        ? null
        : (exitPaise ??
          (await spec.prices.optionPaise(symbol, at, model === 'next_open' ? 'next_open' : 'close', underlying)));
    const depth = model === 'paper' ? await spec.prices.depthAt(symbol, at) : null;
    const quote = fillQuote(model, {
      pricePaise,
      depth,
      // The instrument's setting (−1: the broker's automatic band) as the band live orders get.
      protectionPercent: protectionPercentFor(null, spec.instrument.marketProtection),
      slippageTicks: spec.slippageTicks,
    });
    return quote && exitPaise !== undefined && model !== 'paper' ? onTicksAgainstTrader(quote) : quote;
  }

  const engine = createReplayEngine({
    database,
    // The same array for every close of a chain: the strategy's index of it (rdx.logic.ts) is kept per array.
    chain: { chainFor: () => Promise.resolve(chain as ChainOption[]) },
    quotes: {
      optionQuotes: async (keys, exits) => {
        const out = new Map<string, OptionQuote>();
        for (const key of keys) {
          const symbol = key.slice(key.indexOf(':') + 1);
          const quote = await quoteOf(symbol, exits?.get(symbol));
          if (quote) out.set(key, quote);
          else now.missingSymbols++;
        }
        return out;
      },
    },
    holidays,
    events,
    logger,
  });

  const equity = createEquityTracker();
  const missing = { count: 0, first: null as number | null };
  const fills: BacktestFill[] = [];
  let seenFillId = 0;
  let state: Awaited<ReturnType<typeof engine.runningOn>> | null = null;
  let dayNumber = -1;
  let lastBeforeSettlement: UnderlyingCandle | null = null;
  const intervalMs = INTERVAL_MS[interval];

  /** Fills booked since the last look, each with why (`reason`: the decision that made them, or a settlement). */
  async function collectFills(reason = 'trade') {
    const rows = await database.db
      .selectFrom('transactions')
      .select(['id', 'transactionDate', 'tradingSymbol', 'quantity', 'pricePaise', 'kind', 'paperOrder'])
      .where('id', '>', seenFillId)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      seenFillId = Math.max(seenFillId, r.id);
      const fill: BacktestFill = {
        id: r.id,
        at: r.transactionDate,
        tradingSymbol: r.tradingSymbol,
        quantity: r.quantity,
        pricePaise: r.pricePaise,
        kind: r.kind === 'settlement' ? 'settlement' : 'trade',
        reason: r.kind === 'settlement' ? 'expiry settlement' : reason,
        paperOrder: r.paperOrder,
      };
      fills.push(fill);
      equity.fill(fill);
    }
  }

  /** Fills of what the engine just traded, named by its decision; the state read again on the next look. */
  async function booked(plans: ReadonlyArray<{ decision: Decision }>) {
    await collectFills(reasonOf(plans[0]!.decision));
    state = null;
    if (now.missingSymbols > 0) {
      missing.count++;
      missing.first ??= now.at;
    }
  }

  // The minutes walked so far (spec.minutes is oldest first).
  let minuteIndex = 0;
  /** The underlying's stored minute starting at `ts`, if any (the walk only moves forward). */
  function minuteAt(ts: number): UnderlyingMinute | null {
    while (minuteIndex < spec.minutes.length && spec.minutes[minuteIndex]!.ts < ts) minuteIndex++;
    const m = spec.minutes[minuteIndex];
    return m?.ts === ts ? m : null;
  }

  /**
   * The 1-minute candles, by trading symbol, of the options the running mappings' types watch between closes,
   * for the minute starting at `ts`; undefined when none is watched or the minute is not stored.
   */
  async function optionCandlesAt(
    s: NonNullable<typeof state>,
    ts: number,
  ): Promise<Map<string, OptionCandle> | undefined> {
    const watch = spec.type.betweenCloses;
    if (!watch || s.legs.length === 0) return undefined;
    const minute = minuteAt(ts);
    if (!minute) return undefined;
    const out = new Map<string, OptionCandle>();
    for (const m of s.mappings) {
      const legs = engine.openLegsOf(s.legs, m.id);
      for (const symbol of watch.watched(m.config, legs)) {
        const c = await spec.prices.optionCandle(symbol, minute);
        if (c) out.set(symbol, c);
      }
    }
    return out.size > 0 ? out : undefined;
  }

  /**
   * Each stored minute starting in [fromTs, toTs), while the type watches something between closes: the options'
   * candles of the minute asked of the type (`decisionsDue`), and each decision it calls for made by the engine at
   * the minute's end (the first on the candles, a re-entry after it at the minute's close), as the live console's
   * leg watch has the engine decide on a price update.
   */
  async function walkMinutes(fromTs: number, toTs: number): Promise<{ traded: number }> {
    const watch = spec.type.betweenCloses;
    let traded = 0;
    if (!watch) return { traded };
    for (let ts = fromTs; ts < toTs; ts += MINUTE_MS) {
      // The state as the minute starts: a decision below books fills, and the next minute reads it again.
      const current = (state ??= await engine.runningOn(token, interval));
      if (current.legs.length === 0) break;
      const candlesOfMinute = await optionCandlesAt(current, ts);
      if (!candlesOfMinute) continue;
      const minute = minuteAt(ts)!;
      const end = ts + MINUTE_MS;
      for (const m of current.mappings) {
        const legs = engine.openLegsOf(current.legs, m.id);
        const due = watch.decisionsDue(m.config, legs, { candles: candlesOfMinute });
        for (let i = 0; i < due; i++) {
          // `next_open` fills a re-entry at the next minute's open, as the close's next candle for a close.
          const next = spec.minutes[minuteIndex + 1];
          const nextOpenPaise = next?.ts === end ? next.openPaise : null;
          now = { at: end, underlying: { closePaise: minute.closePaise, nextOpenPaise }, missingSymbols: 0 };
          chain = await spec.prices.chainAt(end, minute.closePaise);
          const plans = await engine.reconsider(m.id, minute.closePaise, end, i === 0 ? candlesOfMinute : undefined);
          traded += plans.length;
          if (plans.length > 0) await booked(plans);
        }
      }
    }
    return { traded };
  }

  for (let index = 0; index < candles.length; index++) {
    const candle = candles[index]!;
    const at = candle.ts + intervalMs;
    if (index % YIELD_EVERY === 0) {
      if (hooks.isCancelled?.()) throw new BacktestCancelledError();
      hooks.onProgress?.(index / candles.length);
      await yieldToLoop();
    }
    if (Math.floor((at + IST_OFFSET_MS) / DAY_MS) !== dayNumber) {
      // A new day: legs held through an expiry are settled, and entries take the day's lot.
      dayNumber = Math.floor((at + IST_OFFSET_MS) / DAY_MS);
      const today = istDay(at);
      // The settlement prices expired legs at the underlying's last candle before 15:30 IST of their expiry day.
      if (lastBeforeSettlement) await keepCandle(database.db, token, lastBeforeSettlement, interval);
      lastBeforeSettlement = null;
      if ((await engine.settleDue(at)) > 0) await collectFills();
      await database.db
        .updateTable('instruments')
        .set({ lotSize: spec.lotSizeOn(today) })
        .where('instrumentToken', '=', token)
        .execute();
      state = null;
    }
    if (isBeforeSettlement(at)) lastBeforeSettlement = candle;
    state ??= await engine.runningOn(token, interval);
    let traded = 0;
    // The minutes inside this candle but its last, each judged as the live console judges a tick (the last is the
    // close's own: the close judges it, so a stop it finds re-enters on the next close, as at a live close).
    const between = await walkMinutes(candle.ts, at - MINUTE_MS);
    traded += between.traded;
    state ??= await engine.runningOn(token, interval);
    if (state.mappings.length > 0) {
      now = { at, underlying: underlyingAt(index), missingSymbols: 0 };
      chain = await spec.prices.chainAt(at, candle.closePaise);
      const candlesOfClose = await optionCandlesAt(state, at - MINUTE_MS);
      const underlyingRange =
        candle.highPaise === undefined || candle.lowPaise === undefined
          ? undefined
          : { highPaise: candle.highPaise, lowPaise: candle.lowPaise };
      const plans = await engine.close(state.mappings, state.legs, candle.closePaise, at, {
        optionCandles: candlesOfClose,
        underlyingRange,
      });
      traded += plans.length;
      if (plans.length > 0) await booked(plans);
    }
    // Equity is kept at each close that traded and at the last close of each hour (backtest-equity.logic.ts):
    // only those are marked.
    const next = candles[index + 1];
    const isHoursLast = !next || Math.floor((next.ts + intervalMs) / HOUR_MS) !== Math.floor(at / HOUR_MS);
    if (isHoursLast || traded > 0) {
      const underlying = underlyingAt(index);
      await equity.mark(at, async (symbol) => spec.prices.optionPaise(symbol, at, 'close', underlying));
    }
  }
  // The last day's expiries, when the range ends after their settlement.
  if (lastBeforeSettlement) await keepCandle(database.db, token, lastBeforeSettlement, interval);
  const lastAt = (candles[candles.length - 1]?.ts ?? 0) + intervalMs;
  if ((await engine.settleDue(lastAt)) > 0) await collectFills();
  hooks.onProgress?.(1);
  return { fills, equity, missing };
}

/** Whether a candle closing at `at` closed before 15:30 IST, when NSE's contracts settle. */
const isBeforeSettlement = (at: number) => (at + IST_OFFSET_MS) % DAY_MS <= (15 * 60 + 30) * 60_000;
