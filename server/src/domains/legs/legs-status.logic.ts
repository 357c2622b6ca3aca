/**
 * A `legs` strategy's status line (issue 33): the common facts (stopped, paused, tokens, market hours, the kill
 * switch) read as every strategy's row reads them, and what a running Multi-leg strategy that nothing blocks is
 * doing in its own words: waiting for its entry, holding its legs until the exit time, done for the day. Pure.
 */
import { zoneLabel } from '@app/contract';
import { localTime, parseHhmm } from '../instruments/market-hours.logic.js';
import { describeStatus, nextCandleClose, wallTime } from '../rdx/rdx-status.logic.js';
import type { CommonStatusFacts, StatusReport } from '../strategies/status-facts.types.js';
import type { OpenLeg } from '../strategies/decision.logic.js';
import { localDate, notYetActedOn, type LegsSettings } from './legs-decide.logic.js';
import { goneLegsWords } from './legs-words.logic.js';
import type { StrategyInterval } from '@app/contract';

const sameDay = (a: number, b: number, tz: string) => {
  const x = localTime(a, tz);
  const y = localTime(b, tz);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

const legsText = (n: number) => `${n} leg${n === 1 ? '' : 's'}`;

/** What a running strategy that nothing blocks is doing, at `now`. */
export function legsWhenTrading(
  f: Pick<CommonStatusFacts, 'hours' | 'openLegCount' | 'engineProblem' | 'legs'>,
  c: LegsSettings & { interval: StrategyInterval },
  now: number,
): string {
  const tz = f.hours.timezone;
  const zone = zoneLabel(tz, now);
  const close = wallTime(nextCandleClose(c.interval, f.hours, now), tz, now);
  const { entry, exit_at: exitAt } = c.config;
  if (f.engineProblem)
    return `Cannot trade: ${f.engineProblem} (next try at the ${c.interval} candle closing ${close})`;
  if (f.openLegCount > 0) {
    const until = exitAt ? `squaring off at ${exitAt} ${zone}` : 'until expiry or Exit';
    return `Holding ${legsText(f.openLegCount)}${legsGone(f, c)}: ${until}`;
  }
  if (c.enteredAt !== null && sameDay(c.enteredAt, now, tz)) {
    const gone = f.legs ? goneLegsWords(c.config, c.memo, heldLegs(f)) : [];
    if (c.memo.legs.some((l) => l.out?.isWaiting)) return `Waiting to re-enter: ${gone.join('; ')}`;
    const why = gone.length > 0 ? ` (${gone.join('; ')})` : '';
    return `Entered today at ${wallTime(c.enteredAt, tz, now)}${why}: next entry tomorrow`;
  }
  const minutes = localTime(now, tz).minutes;
  if (exitAt && minutes >= parseHhmm(exitAt)) return `Past its exit time ${exitAt} ${zone}: next entry tomorrow`;
  const missing = notYetActedOn(c.config);
  if (missing !== null) return `Cannot trade: ${missing}`;
  if (entry.kind === 'range_breakout' || entry.kind === 'wait_and_trade') {
    const words = c.memo.entry?.day === localDate(now, tz) ? c.memo.entry.words : null;
    if (words) return words;
    return entry.kind === 'range_breakout'
      ? `Waiting for the first ${entry.minutes} minutes' range from the open, then its breakout`
      : `Waiting for ${entry.reference_at} ${zone} to take the reference price`;
  }
  if (entry.kind === 'time') {
    return minutes < parseHhmm(entry.at)
      ? `Waiting for ${entry.at} ${zone} to enter`
      : `Entering at the ${c.interval} candle closing ${close}`;
  }
  return `Waiting for the ${c.interval} candle closing at ${close} to enter`;
}

/** The status facts' open legs as the rules read them (held legs are matched to configured ones by contract). */
function heldLegs(f: Pick<CommonStatusFacts, 'legs'>): OpenLeg[] {
  return (f.legs ?? []).map((l, i) => ({
    id: i,
    optionType: l.optionType === 'PE' ? ('PE' as const) : ('CE' as const),
    tradingSymbol: l.tradingSymbol ?? '',
    exchange: '',
    strikePaise: l.strikePaise,
    expiry: '',
    quantity: l.quantity,
  }));
}

/** " (Leg 1 CE stopped at ₹182.40, re-entry 1 of 2 waiting for ₹150.00)" for the legs gone since the entry. */
function legsGone(f: Pick<CommonStatusFacts, 'legs'>, c: LegsSettings): string {
  if (!f.legs) return '';
  const gone = goneLegsWords(c.config, c.memo, heldLegs(f));
  return gone.length === 0 ? '' : ` (${gone.join('; ')})`;
}

export function describeLegsStatus(
  f: CommonStatusFacts,
  c: (LegsSettings & { interval: StrategyInterval }) | null,
  now: number,
): StatusReport {
  const { lotSize: _lotSize, ...facts } = f;
  return describeStatus(
    {
      ...facts,
      // A Multi-leg mapping's sides are its legs: the CE/PE counts of RDX's form do not size it.
      ceCount: 1,
      peCount: 1,
      config: c && { interval: c.interval, atmPaise: c.enteredPaise },
      sizing: null,
      typeWords: { name: 'Multi-leg', whenTrading: (at) => (c ? legsWhenTrading(f, c, at) : '') },
    },
    now,
  );
}
