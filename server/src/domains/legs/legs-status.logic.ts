/**
 * A `legs` strategy's status line (issue 33): the common facts (stopped, paused, tokens, market hours, the kill
 * switch) read as every strategy's row reads them, and what a running Multi-leg strategy that nothing blocks is
 * doing in its own words: waiting for its entry, holding its legs until the exit time, done for the day. Pure.
 */
import { zoneLabel } from '@app/contract';
import { localTime, parseHhmm } from '../instruments/market-hours.logic.js';
import { describeStatus, nextCandleClose, wallTime } from '../rdx/rdx-status.logic.js';
import type { CommonStatusFacts, StatusReport } from '../strategies/status-facts.types.js';
import { bindLegs, notYetActedOn, type LegsSettings } from './legs-decide.logic.js';
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
    return `Entered today at ${wallTime(c.enteredAt, tz, now)}: next entry tomorrow`;
  }
  const minutes = localTime(now, tz).minutes;
  if (exitAt && minutes >= parseHhmm(exitAt)) return `Past its exit time ${exitAt} ${zone}: next entry tomorrow`;
  const missing = notYetActedOn(c.config);
  if (missing !== null) return `Cannot trade: ${missing}`;
  if (entry.kind === 'time') {
    return minutes < parseHhmm(entry.at)
      ? `Waiting for ${entry.at} ${zone} to enter`
      : `Entering at the ${c.interval} candle closing ${close}`;
  }
  return `Waiting for the ${c.interval} candle closing at ${close} to enter`;
}

/**
 * " (Leg 1 closed at its stop-loss or target)" when configured legs are no longer held after the entry: the trader
 * sees which of the strategy's legs have left. Held legs are matched to configured ones as the rules match them.
 */
function legsGone(f: Pick<CommonStatusFacts, 'legs'>, c: LegsSettings): string {
  if (!f.legs) return '';
  const held = f.legs.map((l, i) => ({
    id: i,
    optionType: l.optionType === 'PE' ? ('PE' as const) : ('CE' as const),
    tradingSymbol: '',
    exchange: '',
    strikePaise: l.strikePaise,
    expiry: '',
    quantity: l.quantity,
  }));
  const bound = new Set(bindLegs(c.config, held).map((b) => b.leg));
  const gone = c.config.legs.flatMap((leg, i) => (bound.has(leg) ? [] : [`Leg ${i + 1}`]));
  if (gone.length === 0) return '';
  const which = gone.length === 1 ? gone[0] : `${gone.slice(0, -1).join(', ')} and ${gone.at(-1)}`;
  return ` (${which} closed at ${gone.length === 1 ? 'its' : 'their'} stop-loss or target)`;
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
