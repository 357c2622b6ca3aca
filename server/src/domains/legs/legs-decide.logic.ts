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
  type Leg,
  type LegsConfig,
  type LegsEntry,
} from '@app/contract';
import { localTime, parseHhmm, sessionAt } from '../instruments/market-hours.logic.js';
import {
  ENGINE_HOLDS,
  type ChainOption,
  type Decision,
  type HoldTable,
  type LegExitReason,
  type LegOrder,
  type OpenLeg,
} from '../strategies/decision.logic.js';
import { exitRulesOf, onPrice, startExitState } from './leg-exits.logic.js';

export const LEGS_HOLDS = {
  ...ENGINE_HOLDS,
  /** Before its entry time, or before the breakout or move it waits for. */
  'waiting for entry': 'ordinary',
  /** Entered today and holds nothing now: the next entry is tomorrow. */
  'entered today': 'ordinary',
  'holding legs': 'ordinary',
  /** Its exit time has passed with nothing held: the next entry is tomorrow. */
  'after exit time': 'ordinary',
  'no expiry in the option chain': 'problem',
  /** Detailed: "Leg 2: no CE at strike 25,300". */
  'strike not listed': 'problem',
  'no quote': 'problem',
  'nothing within the bound': 'problem',
  'empty chain': 'problem',
  'no strike step': 'problem',
  /**
   * A setting the engine does not act on yet (issue 33): range-breakout and wait-and-trade entries, per-leg exits
   * and re-entries, and the configuration's own max loss and target profit. Never entered without them: a stop
   * the trader set and nothing watches is worse than no entry.
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
}

export interface LegsInputs {
  mapping: { startTime: string | null; endTime: string | null; runningStatus: number };
  config: LegsSettings;
  instrument: {
    lotSize: number;
    hours: { marketOpenTime: string; marketCloseTime: string; timezone: string; tradingDays: string };
  };
  legs: readonly OpenLeg[];
  pricePaise: number;
  chain: readonly ChainOption[];
  /** The options' last prices by trading symbol (premium-based strikes); absent: none known. */
  optionPricesPaise?: ReadonlyMap<string, number>;
  at: number;
}

type Hold = Extract<Decision<LegsHoldReason>, { action: 'hold' }>;
const hold = (reason: LegsHoldReason, detail?: string): Hold =>
  detail === undefined ? { action: 'hold', reason } : { action: 'hold', reason, detail };

const localDate = (at: number, tz: string) => {
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
 * The first setting of `config` the engine does not act on yet, in a trader's words, or null. A trailing stop and a
 * re-entry need a leg's state kept between closes, and the breakout and wait-and-trade entries read earlier
 * prices: still to come (issue 33).
 */
export function notYetActedOn(config: LegsConfig): string | null {
  const soon = 'not acted on yet: remove it to trade this strategy';
  if (config.entry.kind === 'range_breakout') return `A range-breakout entry is ${soon}`;
  if (config.entry.kind === 'wait_and_trade') return `A wait-and-trade entry is ${soon}`;
  for (const [i, leg] of config.legs.entries()) {
    const exits = [leg.trailing && 'Trailing Stop', leg.re_entry && leg.re_entry.times > 0 && 'Re-entry'].filter(
      Boolean,
    );
    if (exits.length > 0) return `Leg ${i + 1}'s ${exits.join(', ')} is ${soon}`;
  }
  if (config.max_loss !== null) return `The configuration's Max Loss is ${soon} (set the strategy's Max Loss instead)`;
  if (config.target_profit !== null) {
    return `The configuration's Target Profit is ${soon} (set the strategy's Target Profit instead)`;
  }
  return null;
}

/**
 * The options whose last prices the legs' strike rules read on a close at `at`: every listed option of the expiry
 * and type of each leg chosen by premium. None when every leg is chosen by ATM steps.
 */
export function pricedOptions(
  config: Pick<LegsConfig, 'legs'>,
  chain: readonly ChainOption[],
  legs: readonly OpenLeg[],
  at: number,
  timezone: string,
): ChainOption[] {
  // A held leg's stop or target reads its own price.
  const held = new Set(bindLegs(config, legs).flatMap((b) => (hasExitLevels(b.leg) ? [b.open.tradingSymbol] : [])));
  const byPremium = legs.length > 0 ? [] : config.legs.filter((l) => l.strike.by !== 'atm');
  const upcoming = expiriesFrom(
    chain.map((o) => o.expiry),
    localDate(at, timezone),
  );
  const wanted = new Set(byPremium.map((l) => `${expiryFor(l.expiry, upcoming)}|${l.option_type}`));
  return chain.filter((o) => held.has(o.tradingSymbol) || wanted.has(`${o.expiry}|${o.optionType}`));
}

const hasExitLevels = (leg: Leg) => leg.stop_loss !== null || leg.target !== null;

/**
 * Which configured leg each held leg is: the first not yet bound of the same option type and side, held legs in
 * the order they were opened (the engine opens an entry's legs in the configuration's order). A held leg no
 * configured leg matches (the configuration edited since the entry) is bound to none and left to the exit time.
 */
export function bindLegs(
  config: Pick<LegsConfig, 'legs'>,
  legs: readonly OpenLeg[],
): Array<{ leg: Leg; open: OpenLeg }> {
  const free: Array<Leg | null> = [...config.legs];
  const bound: Array<{ leg: Leg; open: OpenLeg }> = [];
  for (const open of [...legs].sort((a, b) => a.id - b.id)) {
    const side = open.quantity < 0 ? 'BUY' : 'SELL';
    const at = free.findIndex((l) => l !== null && l.option_type === open.optionType && l.side === side);
    const leg = free[at];
    if (!leg) continue;
    bound.push({ leg, open });
    free[at] = null;
  }
  return bound;
}

/**
 * The held legs whose stop-loss or target the options' last prices reach (leg-exits.logic.ts, on the price as a
 * tick): each closes alone; the others stay. A leg whose price is unknown is not judged.
 */
export function legExits(
  inputs: Pick<LegsInputs, 'legs' | 'optionPricesPaise'> & { config: Pick<LegsSettings, 'config'> },
): { close: OpenLeg[]; reason: LegExitReason } | null {
  const close: OpenLeg[] = [];
  let reason: LegExitReason | null = null;
  for (const { leg, open } of bindLegs(inputs.config.config, inputs.legs)) {
    if (!hasExitLevels(leg) || open.entryPricePaise === undefined) continue;
    const price = inputs.optionPricesPaise?.get(open.tradingSymbol);
    if (price === undefined) continue;
    const rules = exitRulesOf(leg);
    const state = startExitState(rules, open.entryPricePaise);
    if ('problem' in state) continue;
    const step = onPrice(rules, open.entryPricePaise, state, price);
    if (!step.exit) continue;
    close.push(open);
    // A stop among them names the decision: it is the one a trader looks for.
    if (reason !== 'stop-loss') reason = step.exit.reason === 'target' ? 'target' : 'stop-loss';
  }
  return reason === null ? null : { close, reason };
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

/** What to do on the close of a candle of the strategy's interval. */
export function decideLegs(inputs: LegsInputs): Decision<LegsHoldReason> {
  if (inputs.mapping.runningStatus !== RUNNING_STATUS.RUNNING) return hold('not running');
  const { hours } = inputs.instrument;
  const s = sessionAt(hours, inputs.mapping, inputs.at);
  if (!s.isMarketOpen) return hold('market closed');
  const { config } = inputs.config;
  const minutes = localTime(inputs.at, hours.timezone).minutes;
  const isPastExit = config.exit_at !== null && minutes >= parseHhmm(config.exit_at);
  if (s.isPastWindowEnd || isPastExit) {
    if (inputs.legs.length > 0) return { action: 'squareOff', close: [...inputs.legs], reason: 'window end' };
    return hold(isPastExit ? 'after exit time' : 'outside window');
  }
  if (!s.isInWindow) return hold('outside window');
  if (inputs.legs.length > 0) {
    const exits = legExits(inputs);
    return exits ? { action: 'squareOff', close: exits.close, reason: exits.reason } : hold('holding legs');
  }
  const tz = hours.timezone;
  const { enteredAt } = inputs.config;
  if (enteredAt !== null && localDate(enteredAt, tz) === localDate(inputs.at, tz)) return hold('entered today');
  const missing = notYetActedOn(config);
  if (missing !== null) return hold('not available yet', missing);
  if (!isEntryDue(config.entry, minutes)) return hold('waiting for entry');
  const orders = entryOrders(inputs);
  if (!Array.isArray(orders)) return orders;
  return { action: 'enter', atmPaise: inputs.pricePaise, open: orders };
}

/** A trader's Realign: enter now if nothing is held and the strategy has not entered today, else nothing. */
export function decideLegsNow(inputs: LegsInputs): Decision<LegsHoldReason> {
  if (inputs.legs.length > 0) return hold('holding legs');
  const orders = entryOrders(inputs);
  if (!Array.isArray(orders)) return orders;
  return { action: 'enter', atmPaise: inputs.pricePaise, open: orders };
}
