/**
 * The two entries of a `legs` strategy that read earlier prices of the underlying (issue 33): a breakout of the
 * session's opening range, and wait-and-trade (a move from the price at a time of day). Pure; money in integer
 * paise, times in minutes since local midnight (exchange time).
 *
 * The caller asks once per 1-minute candle close of the underlying and keeps the returned `watch` until the next
 * close of the same trading day; a new day starts with no watch. A candle closing at minute m covers (m-1, m], so
 * the opening range of N minutes is the highs and lows (the closes, where a candle's are not known) of the candles
 * closing at minutes in (open, open+N]; the entry is a close beyond it.
 *
 * A watch is used only when it belongs to today's setting (a range ending at open+N; a reference taken at or
 * after `reference_at`); one that does not (the setting was edited during the day) counts as none, so a range
 * edited after the open is reported as not seen from the open rather than measured over the wrong minutes.
 *
 * A range whose start was missed (the first close seen came after open+1) is kept as a range watch starting at
 * that first close (`fromMinutes` > open+1): a range that did not start at the open's first close is the mark of
 * "missed", and every later close that day answers the same problem.
 */
import { groupedRupeesText, toPaise, type LegsEntry } from '@app/contract';
import { parseHhmm } from '../instruments/market-hours.logic.js';

export type EntryWatch =
  | { kind: 'range'; fromMinutes: number; toMinutes: number; highPaise: number; lowPaise: number }
  | { kind: 'reference'; atMinutes: number; referencePaise: number };

export interface EntryCheck {
  /** Enter now. */
  due: boolean;
  /** What to keep until the next close today. */
  watch: EntryWatch | null;
  /** The trader's words while not due. */
  waiting: string | null;
  /** A problem that stops today's entry, in words. */
  problem: string | null;
}

export interface EntryInput {
  /** The underlying's close. */
  pricePaise: number;
  /**
   * The high and low of the candle closing (where known): the opening range is the session's first N minutes' highs
   * and lows, as a chart draws it; without them, their closes. A breakout is still a close beyond it.
   */
  range?: { highPaise: number; lowPaise: number };
  /** The close's minute since local midnight. */
  minutes: number;
  /** The session's open, in minutes since local midnight (555 for 09:15). */
  openMinutes: number;
  /** The underlying's name, as the trader knows it ("NIFTY"). */
  underlying: string;
}

type RangeEntry = Extract<LegsEntry, { kind: 'range_breakout' }>;
type MoveEntry = Extract<LegsEntry, { kind: 'wait_and_trade' }>;
type RangeWatch = Extract<EntryWatch, { kind: 'range' }>;
type ReferenceWatch = Extract<EntryWatch, { kind: 'reference' }>;

/** 570 → "09:30". */
function hhmm(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** 2341050 → "₹23,410.50". */
const rupees = (paise: number) => `₹${groupedRupeesText(paise)}`;

const waitingFor = (watch: EntryWatch | null, waiting: string): EntryCheck => ({
  due: false,
  watch,
  waiting,
  problem: null,
});

const stopped = (watch: EntryWatch | null, problem: string): EntryCheck => ({
  due: false,
  watch,
  waiting: null,
  problem,
});

const dueNow = (watch: EntryWatch): EntryCheck => ({ due: true, watch, waiting: null, problem: null });

/** Whether to enter now, what to keep until the next close, and the words for the trader. */
export function checkEntry(
  entry: Extract<LegsEntry, { kind: 'range_breakout' | 'wait_and_trade' }>,
  watch: EntryWatch | null,
  input: EntryInput,
): EntryCheck {
  return entry.kind === 'range_breakout' ? checkBreakout(entry, watch, input) : checkMove(entry, watch, input);
}

function checkBreakout(entry: RangeEntry, stored: EntryWatch | null, input: EntryInput): EntryCheck {
  const { pricePaise, minutes, openMinutes, underlying } = input;
  const toMinutes = openMinutes + entry.minutes;
  const span = `${hhmm(openMinutes)}–${hhmm(toMinutes)}`;
  const watch = stored?.kind === 'range' && stored.toMinutes === toMinutes ? stored : null;
  if (watch === null && minutes <= openMinutes) {
    // A close before the session opens is no part of the range.
    return waitingFor(null, `Waiting for the open at ${hhmm(openMinutes)} to measure ${underlying}'s range of ${span}`);
  }
  const high = input.range?.highPaise ?? pricePaise;
  const low = input.range?.lowPaise ?? pricePaise;
  if (watch === null) {
    const first: RangeWatch = { kind: 'range', fromMinutes: minutes, toMinutes, highPaise: high, lowPaise: low };
    return minutes > openMinutes + 1
      ? stopped(first, missedStart(entry, openMinutes, minutes))
      : measured(entry, first, span, input);
  }
  if (watch.fromMinutes > openMinutes + 1) return stopped(watch, missedStart(entry, openMinutes, watch.fromMinutes));
  if (minutes <= openMinutes) return measured(entry, watch, span, input);
  if (minutes <= toMinutes) {
    const extended: RangeWatch = {
      ...watch,
      highPaise: Math.max(watch.highPaise, high),
      lowPaise: Math.min(watch.lowPaise, low),
    };
    return measured(entry, extended, span, input);
  }
  const isAbove = entry.side !== 'below' && pricePaise > watch.highPaise;
  const isBelow = entry.side !== 'above' && pricePaise < watch.lowPaise;
  return isAbove || isBelow ? dueNow(watch) : waitingFor(watch, breakoutWords(entry, watch, span, underlying));
}

/** The range so far: still being measured before its last close, its breakout levels from that close on. */
function measured(entry: RangeEntry, watch: RangeWatch, span: string, input: EntryInput): EntryCheck {
  if (input.minutes >= watch.toMinutes) {
    // The close at open+N is the range's last: from here the trader waits for the breakout, not the range.
    return waitingFor(watch, breakoutWords(entry, watch, span, input.underlying));
  }
  const soFar = `high ${rupees(watch.highPaise)}, low ${rupees(watch.lowPaise)} so far`;
  return waitingFor(
    watch,
    `Measuring ${input.underlying}'s range of ${span} until ${hhmm(watch.toMinutes)} (${soFar})`,
  );
}

/** "Waiting for NIFTY above ₹23,410.50 or below ₹23,120.00 (range of 09:15–09:30)": the side's levels only. */
function breakoutWords(entry: RangeEntry, watch: RangeWatch, span: string, underlying: string): string {
  const { side } = entry;
  const levels = [
    side !== 'below' ? `above ${rupees(watch.highPaise)}` : null,
    side !== 'above' ? `below ${rupees(watch.lowPaise)}` : null,
  ].filter((level) => level !== null);
  return `Waiting for ${underlying} ${levels.join(' or ')} (range of ${span})`;
}

function missedStart(entry: RangeEntry, openMinutes: number, firstMinutes: number): string {
  const range = entry.minutes === 1 ? "first minute's range" : `first ${entry.minutes} minutes' range`;
  return (
    `The ${range} was not seen from ${hhmm(openMinutes)} (the first price was at ${hhmm(firstMinutes)}): ` +
    'no breakout entry today'
  );
}

function checkMove(entry: MoveEntry, stored: EntryWatch | null, input: EntryInput): EntryCheck {
  const { pricePaise, minutes, underlying } = input;
  const referenceAt = parseHhmm(entry.reference_at);
  const watch = stored?.kind === 'reference' && stored.atMinutes >= referenceAt ? stored : null;
  if (watch === null && minutes < referenceAt) {
    return waitingFor(null, `Waiting for ${entry.reference_at} to take ${underlying}'s reference price`);
  }
  // The close that takes the reference is its own starting point, never a move from it.
  const reference: ReferenceWatch = watch ?? { kind: 'reference', atMinutes: minutes, referencePaise: pricePaise };
  const distance = moveDistance(entry, reference.referencePaise);
  const upPaise = reference.referencePaise + distance;
  const downPaise = reference.referencePaise - distance;
  // A fall to zero or below is never seen: that side cannot trigger.
  const canFall = downPaise > 0;
  const from = `${moveText(entry)} from ${rupees(reference.referencePaise)} at ${hhmm(reference.atMinutes)}`;
  if (entry.direction === 'down' && !canFall) {
    return stopped(reference, `${underlying} cannot fall ${from}, to zero or below: no wait-and-trade entry today`);
  }
  const isUp = entry.direction !== 'down' && pricePaise >= upPaise;
  const isDown = entry.direction !== 'up' && canFall && pricePaise <= downPaise;
  if (watch !== null && (isUp || isDown)) return dueNow(reference);
  const levels = [
    entry.direction !== 'down' ? `${rupees(upPaise)} or above` : null,
    entry.direction !== 'up' && canFall ? `${rupees(downPaise)} or below` : null,
  ].filter((level) => level !== null);
  return waitingFor(reference, `Waiting for ${underlying} at ${levels.join(', or ')} (${from})`);
}

/**
 * The move in paise: points as rupees, or a percent of the reference rounded up to the next paisa (a move
 * short of the percent by a fraction of a paisa is not the move).
 */
function moveDistance(entry: Pick<MoveEntry, 'unit' | 'value'>, referencePaise: number): number {
  if (entry.unit === 'points') return toPaise(entry.value);
  // The percent ×100 (0.5 % → 50), so the reference × it is over 100 × 100.
  return Math.ceil((referencePaise * toPaise(entry.value)) / 10_000);
}

/** "0.5 %" or "117.5 points": the setting as the trader typed it. */
function moveText(entry: MoveEntry): string {
  const amount = entry.value.toLocaleString('en-IN', { maximumFractionDigits: 2 });
  return entry.unit === 'percent' ? `${amount} %` : `${amount} points`;
}
