/**
 * RDX decision rules (DESIGN §7, docs/RDX.md): a short strangle re-centred on the at-the-money strike.
 * Pure: every function takes the data and the instant it decides at. Money is integer paise.
 */
import { RUNNING_STATUS, toRupees } from '@app/contract';
import { localTime, sessionAt } from '../instruments/market-hours.logic.js';

import {
  ENGINE_HOLDS,
  type ChainOption,
  type Decision as StrategyDecision,
  type Hold,
  type HoldTable,
  type LegClose,
  type LegOrder,
  type OpenLeg,
  type OptionType,
} from '../strategies/decision.logic.js';
import { buyBackDownTo, tradeOnlyTheDifference } from './size-change.logic.js';
import type { DecideInputs } from '../strategies/strategy-type.types.js';

export type { ChainOption, LegClose, LegOrder, OpenLeg, OptionType };
// Where an instant stands for trading: the instruments' rule, named here as the RDX rules have always named it.
export { sessionAt };

/** What RDX decides on: the engine's inputs for any strategy type, with RDX's settings as its config. */
export type RdxInputs = DecideInputs<{ lotCount: number; atmPaise: number; offsetPaise: number }>;

/**
 * Why RDX holds: the engine's own holds, the price still within the threshold of the ATM, and what keeps it
 * from trading (a problem the row names).
 */
export const RDX_HOLDS = {
  ...ENGINE_HOLDS,
  'within threshold': 'ordinary',
  'no legs configured': 'problem',
  'no expiry after today in the option chain': 'problem',
  'option chain has no strike step': 'problem',
  /** Detailed: "no CE at strike 25100 for 2026-12-01". */
  'strike not listed': 'problem',
  /** Detailed: "NIFTY26DEC25100CE is no longer listed to resize it". */
  'leg no longer listed': 'problem',
} as const satisfies HoldTable<string>;
export type RdxHoldReason = keyof typeof RDX_HOLDS;

export type Decision = StrategyDecision<RdxHoldReason>;

/** Lookups over one chain, built once per chain and shared by every mapping deciding on it. */
interface ChainIndex {
  expiries: string[];
  steps: Map<string, number | null>;
  byKey: Map<string, ChainOption>;
}
const indexes = new WeakMap<readonly ChainOption[], ChainIndex>();
const optionKey = (expiry: string, type: OptionType, strike: number) => `${expiry}|${type}|${strike}`;

function smallestGap(values: number[]): number | null {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  let step: number | null = null;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > 0 && (step === null || gap < step)) step = gap;
  }
  return step;
}

function indexOf(chain: readonly ChainOption[]): ChainIndex {
  const known = indexes.get(chain);
  if (known) return known;
  const strikes = new Map<string, number[]>();
  const byKey = new Map<string, ChainOption>();
  for (const o of chain) {
    const list = strikes.get(o.expiry) ?? [];
    list.push(o.strikePaise);
    strikes.set(o.expiry, list);
    byKey.set(optionKey(o.expiry, o.optionType, o.strikePaise), o);
  }
  const steps = new Map([...strikes].map(([expiry, list]) => [expiry, smallestGap(list)] as const));
  const index = { expiries: [...strikes.keys()].sort(), steps, byKey };
  indexes.set(chain, index);
  return index;
}

/** The strike step of an expiry: the smallest gap between its listed strikes. */
export function strikeStep(chain: readonly ChainOption[], expiry: string): number | null {
  return indexOf(chain).steps.get(expiry) ?? null;
}

/** Nearest expiry after `today` (YYYY-MM-DD in the instrument's zone): never today's, which dies at the close. */
export function nearestExpiry(chain: readonly ChainOption[], today: string): string | null {
  return indexOf(chain).expiries.find((e) => e > today) ?? null;
}

/**
 * Whether RDX can trade an instrument: it sells exchange-listed (NFO/BFO) index options, whose data source numbers
 * its instruments, where a crypto pair (BTCUSDT) has a symbol for a token and no option chain at all.
 */
export const hasOptionChain = (instrumentToken: string) => /^\d+$/.test(instrumentToken);

/** RDX's refusal of an instrument it cannot trade (configuring it, and the row of one configured before). */
export const noOptionChain = (name: string) =>
  `RDX sells exchange-listed index options, and ${name} has no option chain`;

export const roundToStep = (value: number, step: number) => Math.round(value / step) * step;

/** ATM = round(price / S) × S. */
export const atmOf = (pricePaise: number, step: number) => roundToStep(pricePaise, step);

/**
 * On its expiry day a contract's legs are rolled to the next expiry at the first candle close at or after
 * 15:15 (exchange time), a quarter of an hour before the 15:30 close, so no leg is left to settlement.
 */
export const EXPIRY_ROLL_TIME = '15:15';
const EXPIRY_ROLL_MINUTES = 15 * 60 + 15;

export const localDate = (at: number, tz: string) => {
  const t = localTime(at, tz);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
};

/** The legs to sell around an ATM: CE at ATM + offset and PE at ATM − offset, rounded to the chain's step. */
export function entryOrders(
  inputs: RdxInputs,
  atmPaise: number,
  expiry: string,
  step: number,
  sides: readonly OptionType[] = ['CE', 'PE'],
): LegOrder[] | Hold<RdxHoldReason> {
  const { mapping, config, instrument } = inputs;
  const wanted: Array<[OptionType, number, number]> = [
    ['CE', roundToStep(atmPaise + config.offsetPaise, step), mapping.ceCount],
    ['PE', roundToStep(atmPaise - config.offsetPaise, step), mapping.peCount],
  ];
  const orders: LegOrder[] = [];
  for (const [type, strike, count] of wanted) {
    if (count <= 0 || !sides.includes(type)) continue;
    const option = indexOf(inputs.chain).byKey.get(optionKey(expiry, type, strike));
    if (!option) {
      return {
        action: 'hold',
        reason: 'strike not listed',
        detail: `no ${type} at strike ${toRupees(strike)} for ${expiry}`,
      };
    }
    // The exchange's lot size from the day's instruments dump (NSE revises them); the instrument's
    // configured lot size only when the dump gives none.
    const lotSize = option.lotSize > 0 ? option.lotSize : instrument.lotSize;
    orders.push({ option, side: 'SELL', quantity: count * config.lotCount * lotSize });
  }
  return orders;
}

function enterAround(inputs: RdxInputs, today: string): Decision {
  if (inputs.mapping.ceCount <= 0 && inputs.mapping.peCount <= 0)
    return { action: 'hold', reason: 'no legs configured' };
  const expiry = nearestExpiry(inputs.chain, today);
  if (!expiry) return { action: 'hold', reason: 'no expiry after today in the option chain' };
  const step = strikeStep(inputs.chain, expiry);
  if (!step) return { action: 'hold', reason: 'option chain has no strike step' };
  const atmPaise = atmOf(inputs.pricePaise, step);
  const orders = entryOrders(inputs, atmPaise, expiry, step);
  if (!Array.isArray(orders)) return orders;
  if (inputs.legs.length === 0) return { action: 'enter', atmPaise, open: orders };
  // A strike already held (a new lot count realigned at the same ATM) trades only its difference.
  return { action: 'realign', atmPaise, ...tradeOnlyTheDifference(inputs.legs, orders) };
}

/** What to do on the close of a candle of the configured interval. */
export function decideOnCandle(inputs: RdxInputs): Decision {
  if (inputs.mapping.runningStatus !== RUNNING_STATUS.RUNNING) return { action: 'hold', reason: 'not running' };
  const tz = inputs.instrument.hours.timezone;
  const s = sessionAt(inputs.instrument.hours, inputs.mapping, inputs.at);
  if (!s.isMarketOpen) return { action: 'hold', reason: 'market closed' };
  if (s.isPastWindowEnd) {
    return inputs.legs.length > 0
      ? { action: 'squareOff', close: [...inputs.legs], reason: 'window end' }
      : { action: 'hold', reason: 'outside window' };
  }
  if (!s.isInWindow) return { action: 'hold', reason: 'outside window' };
  const today = localDate(inputs.at, tz);
  if (inputs.legs.length === 0) return enterAround(inputs, today);
  // Expiry day: legs of today's contract are rolled to the next expiry before the close, never left to settle.
  if (inputs.legs.some((l) => l.expiry <= today) && localTime(inputs.at, tz).minutes >= EXPIRY_ROLL_MINUTES) {
    return enterAround(inputs, today);
  }
  const expiry = inputs.legs[0]!.expiry;
  const step = strikeStep(inputs.chain, expiry) ?? strikeStep(inputs.chain, nearestExpiry(inputs.chain, today) ?? '');
  if (!step) return { action: 'hold', reason: 'option chain has no strike step' };
  const threshold = Math.max(Math.abs(inputs.config.offsetPaise), step);
  const atmNow = atmOf(inputs.pricePaise, step);
  // A first entry stopped half-way saved no ATM (0): the held leg's ATM is the one to measure from, or the
  // next close would buy it back and sell both sides again instead of completing the strangle.
  const reference =
    inputs.config.atmPaise > 0
      ? inputs.config.atmPaise
      : atmOfHeldLeg(inputs.legs[0]!, inputs.config.offsetPaise, step);
  if (Math.abs(atmNow - reference) >= threshold) return enterAround(inputs, today);
  return completeSides(inputs, today, step) ?? { action: 'hold', reason: 'within threshold' };
}

/**
 * A strangle whose sides are not the configured size (issue 27) is brought to it: a missing side (an entry or
 * realign stopped half-way: an order's reply lost, then found filled at the broker, the other side never sent)
 * is sold around the ATM the held side was placed at (worked out from its strike: the ATM of that trade was
 * never saved), in its expiry; a side held smaller than configured (a realign to a new lot count stopped
 * half-way, or a lot count raised) sells the rest in its own contract; a side held larger (a lot count
 * lowered) buys back only what is too much, never the whole side to sell it again (issue 28). Null when there
 * is nothing to do, or the position is not this strategy's shape (a held side no longer configured, or one
 * side spread over several contracts), left to a realign.
 */
function completeSides(inputs: RdxInputs, today: string, step: number): Decision | null {
  const countOf = (type: OptionType) => (type === 'CE' ? inputs.mapping.ceCount : inputs.mapping.peCount);
  if (inputs.legs.some((l) => countOf(l.optionType) <= 0)) return null;
  const ref = inputs.legs[0]!;
  const atmPaise = atmOfHeldLeg(ref, inputs.config.offsetPaise, step);
  const close: LegClose[] = [];
  const open: LegOrder[] = [];
  for (const type of ['CE', 'PE'] as const) {
    if (countOf(type) <= 0) continue;
    const side = inputs.legs.filter((l) => l.optionType === type);
    if (side.length === 0) {
      if (ref.expiry <= today) return enterAround(inputs, today);
      const missing = entryOrders(inputs, atmPaise, ref.expiry, step, [type]);
      if (!Array.isArray(missing)) return missing;
      open.push(...missing);
      continue;
    }
    const symbol = side[0]!.tradingSymbol;
    if (side.some((l) => l.tradingSymbol !== symbol)) return null;
    const option = indexOf(inputs.chain).byKey.get(optionKey(side[0]!.expiry, type, side[0]!.strikePaise));
    const lotSize = option && option.lotSize > 0 ? option.lotSize : inputs.instrument.lotSize;
    const wanted = countOf(type) * inputs.config.lotCount * lotSize;
    const held = side.reduce((sum, l) => sum + l.quantity, 0);
    if (held === wanted) continue;
    // Today's contract is never sold (it dies at the close): the whole strangle moves to the next expiry.
    if (ref.expiry <= today) return enterAround(inputs, today);
    if (!option) {
      return { action: 'hold', reason: 'leg no longer listed', detail: `${symbol} is no longer listed to resize it` };
    }
    if (held < wanted) open.push({ option, side: 'SELL', quantity: wanted - held });
    else close.push(...buyBackDownTo(side, wanted));
  }
  if (open.length === 0 && close.length === 0) return null;
  return close.length > 0 ? { action: 'realign', atmPaise, close, open } : { action: 'enter', atmPaise, open };
}

/** The ATM a leg was sold around: the step multiple whose CE (ATM + offset) or PE (ATM − offset) strike it is. */
export function atmOfHeldLeg(leg: Pick<OpenLeg, 'optionType' | 'strikePaise'>, offsetPaise: number, step: number) {
  const sign = leg.optionType === 'CE' ? 1 : -1;
  const guess = roundToStep(leg.strikePaise - sign * offsetPaise, step);
  // Rounding a strike half a step off can land a step away: the neighbour whose strike matches is the one.
  for (const atm of [guess, guess - step, guess + step]) {
    if (roundToStep(atm + sign * offsetPaise, step) === leg.strikePaise) return atm;
  }
  return guess;
}

/** Manual Realign: at once at the last price, whatever the threshold. */
export function decideManualRealign(inputs: RdxInputs): Decision {
  const s = sessionAt(inputs.instrument.hours, { startTime: null, endTime: null }, inputs.at);
  if (!s.isMarketOpen) return { action: 'hold', reason: 'market closed' };
  return enterAround(inputs, localDate(inputs.at, inputs.instrument.hours.timezone));
}

/** Lowest and highest listed strike (paise) of the expiry the engine would trade after `today`. */
export function chainSpan(chain: readonly ChainOption[], today: string): { min: number; max: number } | null {
  const expiry = nearestExpiry(chain, today);
  if (!expiry) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const o of chain) {
    if (o.expiry !== expiry) continue;
    min = Math.min(min, o.strikePaise);
    max = Math.max(max, o.strikePaise);
  }
  return min <= max ? { min, max } : null;
}

/**
 * Why an offset cannot be traded on this chain, or null. With a known ATM both strikes (ATM ± offset) must be
 * listed; before the first entry the offset may be at most half the listed span either side.
 */
export function offsetOutsideChain(
  span: { min: number; max: number },
  atmPaise: number,
  offsetPaise: number,
): string | null {
  const rupees = (p: number) => toRupees(p).toLocaleString('en-IN');
  if (atmPaise > 0) {
    const high = atmPaise + Math.abs(offsetPaise);
    const low = atmPaise - Math.abs(offsetPaise);
    if (high > span.max || low < span.min) {
      return `Offset Value puts a strike outside the option chain (${rupees(span.min)} to ${rupees(span.max)})`;
    }
    return null;
  }
  const half = Math.floor((span.max - span.min) / 2);
  if (Math.abs(offsetPaise) > half) {
    return `Offset Value must be within ±${rupees(half)}: the option chain lists strikes from ${rupees(span.min)} to ${rupees(span.max)}`;
  }
  return null;
}
