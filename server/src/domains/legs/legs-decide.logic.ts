/**
 * What a `legs` strategy does on a candle close (issue 33): enter all its legs once a day when its entry
 * condition holds, hold them, and square them off at its exit time. Per-leg stops, targets and trailing act on
 * ticks elsewhere; this is the strategy-level part. Pure; money in integer paise.
 *
 * A strategy enters once per trading day: the engine writes the instant of each entry (the type's anchor), and a
 * strategy that entered today and holds nothing (its legs stopped out, or squared off at its exit) waits for
 * tomorrow. An entry that could not choose every leg's contract sends nothing: a condor without a wing is not
 * the strategy the trader chose.
 */
import {
  chooseStrike,
  expiriesFrom,
  expiryFor,
  RUNNING_STATUS,
  strikeRuleOf,
  strikeStepOf,
  type ChainQuote,
  type LegsConfig,
  type LegsEntry,
} from '@app/contract';
import { localTime, parseHhmm, sessionAt } from '../instruments/market-hours.logic.js';
import {
  ENGINE_HOLDS,
  type ChainOption,
  type Decision,
  type HoldTable,
  type LegOrder,
  type OpenLeg,
  type OptionCandle,
  type UnderlyingRange,
} from '../strategies/decision.logic.js';
import { enteredLeg, watchOf, writeMemo, type LegsMemo } from './legs-memo.logic.js';
import { reviewedSymbols, reviewLegs } from './legs-review.logic.js';
import { checkEntry } from './legs-entry.logic.js';

export const LEGS_HOLDS = {
  ...ENGINE_HOLDS,
  /** Before its entry time, or before the breakout or move it waits for. */
  'waiting for entry': 'ordinary',
  /** Entered today and holds nothing now: the next entry is tomorrow. */
  'entered today': 'ordinary',
  'holding legs': 'ordinary',
  /** Every leg out, one stopped and waiting to enter again (at its first entry's price). */
  'waiting to re-enter': 'ordinary',
  /** Its exit time has passed with nothing held: the next entry is tomorrow. */
  'after exit time': 'ordinary',
  /** A range breakout whose range was not seen from the open, or a move that cannot happen: no entry today. */
  'entry not possible today': 'problem',
  'no expiry in the option chain': 'problem',
  /** Detailed: "Leg 2: no CE at strike 25,300". */
  'strike not listed': 'problem',
  'no quote': 'problem',
  'nothing within the bound': 'problem',
  'empty chain': 'problem',
  'no strike step': 'problem',
  /**
   * A Max Loss or Target Profit saved in the configuration itself (before they moved to the strategy's own limits):
   * never entered with it, since nothing watches it.
   */
  'not available yet': 'problem',
} as const satisfies HoldTable<string>;
export type LegsHoldReason = keyof typeof LEGS_HOLDS;

/** A `legs` configuration as the engine decides on it. */
export interface LegsSettings {
  /** The configure body as its schema parsed it (rupees and percents, the API's words). */
  config: LegsConfig;
  /** The underlying's price at the latest entry; 0 before the first. */
  enteredPaise: number;
  /** When the latest entry was made, or null before the first. */
  enteredAt: number | null;
  /** What the rules keep between decisions (legs-memo.logic.ts), and the text it was read from. */
  memo: LegsMemo;
  memoText: string | null;
}

export interface LegsInputs {
  mapping: { startTime: string | null; endTime: string | null; runningStatus: number };
  config: LegsSettings;
  instrument: {
    name?: string;
    lotSize: number;
    hours: { marketOpenTime: string; marketCloseTime: string; timezone: string; tradingDays: string };
  };
  legs: readonly OpenLeg[];
  pricePaise: number;
  chain: readonly ChainOption[];
  /** The options' last prices by trading symbol (premium-based strikes); absent: none known. */
  optionPricesPaise?: ReadonlyMap<string, number>;
  /** A backtest's 1-minute candles of the held legs' options ending at `at`: their levels judged on high and low. */
  optionCandlesPaise?: ReadonlyMap<string, OptionCandle>;
  /** The high and low of the underlying's candle closing now (an opening range is measured on them). */
  underlyingRange?: UnderlyingRange;
  at: number;
}

type Hold = Extract<Decision<LegsHoldReason>, { action: 'hold' }>;
const hold = (reason: LegsHoldReason, detail?: string): Hold =>
  detail === undefined ? { action: 'hold', reason } : { action: 'hold', reason, detail };

/** The exchange's calendar day of `at` (YYYY-MM-DD): an entry's day, and the day a range or reference is for. */
export const localDate = (at: number, tz: string) => {
  const t = localTime(at, tz);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
};

/** Whether the entry condition holds at `minutes` (exchange time). */
function isEntryDue(entry: LegsEntry, minutes: number): boolean {
  if (entry.kind === 'time') return minutes >= parseHhmm(entry.at);
  // The close this mapping decides on is one of the entry's interval (its candle interval is the entry's).
  return entry.kind === 'candle_close';
}

/**
 * Why a stored configuration may not enter, in a trader's words, or null. Its Max Loss and Target Profit live on
 * the strategy's own limits (legs-config.service.ts stores none in the configuration); one saved in the
 * configuration before that would be a limit nobody watches, so it never enters until saved again.
 */
export function notYetActedOn(config: LegsConfig): string | null {
  const which = config.max_loss !== null ? 'Max Loss' : config.target_profit !== null ? 'Target Profit' : null;
  if (which === null) return null;
  return `Its ${which} was saved where nothing watches it: open it in the Strategy Builder and save it again`;
}

/**
 * The options whose last prices the rules read on a close at `at`: before an entry, every listed option of the
 * expiry and type of each leg chosen by premium; after it, the held legs with exits and the stopped legs waiting
 * for their entry price (legs-review.logic.ts). None when no rule reads one.
 */
export function pricedOptions(
  settings: Pick<LegsSettings, 'config' | 'memo'>,
  chain: readonly ChainOption[],
  legs: readonly OpenLeg[],
  at: number,
  timezone: string,
): ChainOption[] {
  const { config, memo } = settings;
  const reviewed = new Set(reviewedSymbols(config, memo, legs));
  const byPremium = legs.length === 0 ? config.legs.filter((l) => l.strike.by !== 'atm') : [];
  const upcoming = expiriesFrom(
    chain.map((o) => o.expiry),
    localDate(at, timezone),
  );
  const wanted = new Set(byPremium.map((l) => `${expiryFor(l.expiry, upcoming)}|${l.option_type}`));
  return chain.filter((o) => reviewed.has(o.tradingSymbol) || wanted.has(`${o.expiry}|${o.optionType}`));
}

/** Orders for every leg at this price, or the hold saying which leg could not be chosen. */
export function entryOrders(inputs: LegsInputs): LegOrder[] | Hold {
  const { config } = inputs.config;
  const today = localDate(inputs.at, inputs.instrument.hours.timezone);
  const upcoming = expiriesFrom(
    inputs.chain.map((o) => o.expiry),
    today,
  );
  const orders: LegOrder[] = [];
  for (const [i, leg] of config.legs.entries()) {
    const name = `Leg ${i + 1}`;
    const expiry = expiryFor(leg.expiry, upcoming);
    if (!expiry)
      return hold('no expiry in the option chain', `${name}: no ${leg.expiry.replace('_', ' ')} expiry listed`);
    const listed = inputs.chain.filter((o) => o.expiry === expiry && o.optionType === leg.option_type);
    const quotes: ChainQuote[] = listed.map((o) => ({
      strikePaise: o.strikePaise,
      lastPaise: inputs.optionPricesPaise?.get(o.tradingSymbol) ?? null,
    }));
    const choice = chooseStrike({
      pricePaise: inputs.pricePaise,
      stepPaise: strikeStepOf(listed.map((o) => o.strikePaise)),
      optionType: leg.option_type,
      chain: quotes,
      rule: strikeRuleOf(leg.strike),
    });
    if ('reason' in choice) return hold(choice.reason, `${name}: ${choice.detail} for ${expiry}`);
    const option = listed.find((o) => o.strikePaise === choice.strikePaise)!;
    orders.push({ option, quantity: leg.lots * option.lotSize, side: leg.side });
  }
  return orders;
}

/** What a decision keeps: the memo as it is now, written only when it changed (decision-memo.ts). */
const keeping = (memo: LegsMemo) => ({ memo: writeMemo(memo) });

/**
 * After today's entry (or with legs held from before): each leg's stop, trail and target, and each stopped leg's
 * re-entry (legs-review.logic.ts). Closes go first; a re-entry is sent on the decision after its leg's close.
 */
function manageLegs(inputs: LegsInputs, memo: LegsMemo): Decision<LegsHoldReason> {
  const { config } = inputs.config;
  const review = reviewLegs(config, memo, inputs.legs, inputs.optionPricesPaise, inputs.optionCandlesPaise);
  if (review.close.length > 0 && review.reason !== null) {
    return { action: 'squareOff', close: review.close, reason: review.reason, ...keeping(review.memo) };
  }
  if (review.reEnter.length > 0) {
    const open: LegOrder[] = [];
    for (const i of review.reEnter) {
      const leg = config.legs[i]!;
      const symbol = review.memo.legs[i]!.symbol;
      const option = inputs.chain.find((o) => o.tradingSymbol === symbol);
      if (!option) return hold('strike not listed', `Leg ${i + 1}: ${symbol} is no longer listed to enter again`);
      open.push({ option, quantity: leg.lots * option.lotSize, side: leg.side });
    }
    return { action: 'enter', atmPaise: inputs.pricePaise, open, ...keeping(review.memo) };
  }
  const isWaiting = review.memo.legs.some((l) => l.out?.isWaiting);
  const reason = inputs.legs.length > 0 ? 'holding legs' : isWaiting ? 'waiting to re-enter' : 'entered today';
  return { ...hold(reason), ...keeping(review.memo) };
}

/** An entry of every leg: its orders, and a memo of the contracts it chose (the re-entries' and stops' marks). */
function enterAll(inputs: LegsInputs, memo: LegsMemo): Decision<LegsHoldReason> {
  const orders = entryOrders(inputs);
  if (!Array.isArray(orders)) return orders;
  const legs = orders.map((o) => enteredLeg(o.option.tradingSymbol));
  return { action: 'enter', atmPaise: inputs.pricePaise, open: orders, ...keeping({ ...memo, legs }) };
}

type WaitingEntry = Extract<LegsEntry, { kind: 'range_breakout' | 'wait_and_trade' }>;
const readsEarlierPrices = (entry: LegsEntry): entry is WaitingEntry =>
  entry.kind === 'range_breakout' || entry.kind === 'wait_and_trade';

/**
 * A range-breakout or wait-and-trade entry at this close (legs-entry.logic.ts): the day's range or reference
 * moved on in the memo, and whether the entry is due. Measured from the open, whatever the strategy's window.
 */
function watchEntry(inputs: LegsInputs, entry: WaitingEntry, minutes: number) {
  const { hours } = inputs.instrument;
  const day = localDate(inputs.at, hours.timezone);
  const { memo } = inputs.config;
  const check = checkEntry(entry, watchOf(memo, day), {
    pricePaise: inputs.pricePaise,
    ...(inputs.underlyingRange ? { range: inputs.underlyingRange } : {}),
    minutes,
    openMinutes: parseHhmm(hours.marketOpenTime),
    underlying: inputs.instrument.name ?? 'the index',
  });
  const words = check.problem ?? check.waiting;
  return { check, memo: { ...memo, entry: { day, watch: check.watch, words } } };
}

/** What to do on the close of a candle of the strategy's interval. */
export function decideLegs(inputs: LegsInputs): Decision<LegsHoldReason> {
  if (inputs.mapping.runningStatus !== RUNNING_STATUS.RUNNING) return hold('not running');
  const { hours } = inputs.instrument;
  const s = sessionAt(hours, inputs.mapping, inputs.at);
  if (!s.isMarketOpen) return hold('market closed');
  const { config, memo } = inputs.config;
  const minutes = localTime(inputs.at, hours.timezone).minutes;
  const isPastExit = config.exit_at !== null && minutes >= parseHhmm(config.exit_at);
  if (s.isPastWindowEnd || isPastExit) {
    if (inputs.legs.length > 0) return { action: 'squareOff', close: [...inputs.legs], reason: 'window end' };
    return hold(isPastExit ? 'after exit time' : 'outside window');
  }
  const tz = hours.timezone;
  const { enteredAt } = inputs.config;
  const hasEnteredToday = enteredAt !== null && localDate(enteredAt, tz) === localDate(inputs.at, tz);
  const isFlat = inputs.legs.length === 0 && !hasEnteredToday;
  const watched = isFlat && readsEarlierPrices(config.entry) ? watchEntry(inputs, config.entry, minutes) : null;
  if (!s.isInWindow) return { ...hold('outside window'), ...(watched ? keeping(watched.memo) : {}) };
  if (!isFlat) return manageLegs(inputs, memo);
  const missing = notYetActedOn(config);
  if (missing !== null) return hold('not available yet', missing);
  if (watched) {
    const { check } = watched;
    if (check.problem !== null) return { ...hold('entry not possible today', check.problem), ...keeping(watched.memo) };
    if (!check.due) return { ...hold('waiting for entry', check.waiting ?? undefined), ...keeping(watched.memo) };
    return enterAll(inputs, watched.memo);
  }
  if (!isEntryDue(config.entry, minutes)) return hold('waiting for entry');
  return enterAll(inputs, memo);
}

/** A trader's Realign: enter now if nothing is held, else nothing. */
export function decideLegsNow(inputs: LegsInputs): Decision<LegsHoldReason> {
  if (inputs.legs.length > 0) return hold('holding legs');
  return enterAll(inputs, inputs.config.memo);
}
