/**
 * Why a strategy is or is not trading right now, and which row actions can succeed: the engine's own
 * rules (sessionAt, the candle clock, the start/realign/exit refusals) read back as a trader's words.
 * Pure: takes the facts and the instant.
 */
import {
  isLiveStatus,
  RUNNING_STATUS,
  zoneLabel,
  type DataInterval,
  type StopReason,
  type StrategyActionName,
  toRupees,
} from '@app/contract';
import { calendarDay, nextOpen, type CalendarDay } from '../calendar/calendar.logic.js';
import { sessionBuckets } from '../market-data/candles.logic.js';
import { localTime, type Hours } from '../instruments/market-hours.logic.js';
import type { CommonStatusFacts, StatusReport } from '../strategies/status-facts.types.js';
import { driftHold } from '../risk/drift-hold.logic.js';
import { sessionAt } from './rdx.logic.js';

/** The status line's facts as RDX reads them: the common ones and its configuration's. */
export interface StatusFacts extends Omit<CommonStatusFacts, 'lotSize'> {
  /** The mapping's RDX configuration, or null when none is saved. */
  config: { interval: DataInterval; atmPaise: number } | null;
  /** The RDX configuration's sizing and the instrument's lot size, to tell a side held at another size. */
  sizing?: { lotCount: number; offsetPaise: number; lotSize: number } | null;
  /**
   * Another strategy type's words on this line (issue 33): its name where RDX's stands, and what a running
   * strategy that nothing blocks is doing, told by that type's own rules. RDX's own when absent.
   */
  typeWords?: { name: string; whenTrading: (now: number) => string };
}

export type { StatusReport };

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "10:30 IST" today, "Mon 09:15 IST" on another day, in the instrument's zone. */
export function wallTime(at: number, tz: string, now: number): string {
  const t = localTime(at, tz);
  const hhmm = `${pad(Math.floor(t.minutes / 60))}:${pad(t.minutes % 60)}`;
  return `${isSameDay(at, now, tz) ? '' : `${WEEKDAY[t.weekday]} `}${hhmm} ${zoneLabel(tz, at)}`;
}

function isSameDay(at: number, now: number, tz: string): boolean {
  const t = localTime(at, tz);
  const today = localTime(now, tz);
  return t.year === today.year && t.month === today.month && t.day === today.day;
}

/** How a stop reads after "Stopped": "Stopped by the kill switch at 10:42 IST". */
const STOPPED_BY: Record<StopReason, string> = {
  max_loss: 'at the max loss',
  target_profit: 'at the target profit',
  daily_max_loss: 'at the daily max loss',
  kill_switch: 'by the kill switch',
  expiry: 'at expiry',
  broker_error: 'after a broker error',
  token_expired: 'because the broker access token expired',
  manual: 'manually',
  broker_drift: 'because the broker positions differ',
  egress_mismatch:
    "because its orders could not leave from an IP registered with the broker (the account's row on Profile says why)",
  portfolio_limit: 'at a portfolio limit (reduce on breach)',
};

/** Stops whose row reads its note (the note of another reason is stale: written for an earlier stop). */
const NOTED: ReadonlySet<StopReason> = new Set([
  'max_loss',
  'target_profit',
  'daily_max_loss',
  'broker_drift',
  'portfolio_limit',
]);

/** The stop's note, when it was written for this stop's reason. */
const noteOf = (stop: StatusFacts['stop']) => (stop && NOTED.has(stop.reason) && stop.note ? stop.note : null);

/** What a limit stop of today leaves the trader to do (the server refuses Start until then). */
const LIMIT_STOP_NOTE: Partial<Record<StopReason, string>> = {
  max_loss: 'it can start again tomorrow, or today once its Max Loss is raised or cleared',
  target_profit: 'it can start again tomorrow, or today once its Target Profit is raised or cleared',
  daily_max_loss: 'it can start again tomorrow, or today once your daily max loss is raised or cleared on Profile',
};

/**
 * "Stopped by the kill switch at 10:42 IST" (the time in IST, where the trader reads it); a limit's stop adds
 * its figures: "Stopped at the max loss at 10:42 IST (−₹34,442.50 against a limit of ₹6,000.00 — the market
 * gapped past it)".
 */
export function stoppedBy(stop: { reason: StopReason; at: number; note?: string | null }, now: number): string {
  const note = stop.reason === 'broker_drift' ? null : noteOf(stop);
  return `Stopped ${STOPPED_BY[stop.reason]} at ${wallTime(stop.at, 'Asia/Kolkata', now)}${note ? ` (${note})` : ''}`;
}

const legsText = (n: number) => `${n} leg${n === 1 ? '' : 's'}`;

/** When the candle of `interval` that is forming at `now` closes (the engine decides on closes). */
export function nextCandleClose(interval: DataInterval, hours: Hours, now: number): number {
  const clock = sessionBuckets(interval, hours);
  return clock.endOf(clock.startOf(now));
}

/** A mapping of 0 CE and 0 PE holds nothing and enters nothing. */
const hasNothingToTrade = (f: StatusFacts) => f.ceCount === 0 && f.peCount === 0 && f.openLegCount === 0;
const NOTHING_TO_TRADE = 'CE Count and PE Count are both 0 (set one above 0 with Edit on the Strategies page)';

/** A token the account's broker stopped taking before its end (a logout, a login elsewhere). */
const tokenRefused = (f: StatusFacts) =>
  `${f.brokerLabel} refused the broker access token: generate a new one on the Profile page`;

/** An engine problem as a row says it. */
const cannotTrade = (reason: string) => `Cannot trade: ${reason}`;

function actionsFor(f: StatusFacts, isMarketOpen: boolean): StrategyActionName[] {
  const canTrade = f.config !== null && (f.isDummy || f.brokerToken === 'valid');
  const isLive = isLiveStatus(f.runningStatus);
  const actions: StrategyActionName[] = [];
  // Paused on a leg the broker no longer holds (issue 27): Resume, Realign and Exit would trade on it (the
  // server refuses them, 409); the row offers Match the broker instead.
  const isDriftHeld =
    driftHold({
      runningStatus: f.runningStatus,
      stopReason: f.stop?.reason ?? null,
      stopNote: f.stop?.note ?? null,
    }) !== null;
  if (isDriftHeld) return actions;
  // While the kill switch is engaged the server refuses start, resume and realign (409).
  const mayTrade = !f.killSwitchEngaged;
  if (f.runningStatus === RUNNING_STATUS.RUNNING) actions.push('pause');
  // Resume on a dead token would only be refused: the row says to generate a new one first.
  if (f.runningStatus === RUNNING_STATUS.PAUSED && mayTrade && canTrade) actions.push('resume');
  if (!isLive && f.isActive && canTrade && mayTrade) actions.push('start');
  if (isLive && canTrade && isMarketOpen && mayTrade) actions.push('realign');
  const holds = f.openLegCount > 0;
  if ((isLive || holds) && (!holds || (isMarketOpen && (f.isDummy || f.brokerToken === 'valid')))) actions.push('exit');
  return actions;
}

function stoppedDetail(f: StatusFacts, now: number): string {
  // A stop the trader did not ask for (the kill switch, a loss limit, expiry) names itself and its time.
  const by = f.stop && f.stop.reason !== 'manual' ? stoppedBy(f.stop, now) : null;
  if (by && f.stop?.reason !== 'broker_error') {
    if (f.openLegCount > 0) {
      return `${by} with ${legsText(f.openLegCount)} still open: ${f.engineProblem ? cannotTrade(f.engineProblem) : 'squaring them off'}`;
    }
    if (f.killSwitchEngaged) {
      // Stopped by something else before the switch: the switch is named, not read as that stop's rule.
      const engaged = f.stop?.reason === 'kill_switch' ? '' : ' · the kill switch is engaged';
      return `${by}${engaged}: no strategy starts until an admin releases it`;
    }
    // Today's P&L still stands at the limit: Start is refused until tomorrow or until the limit moves.
    const isCleared =
      (f.stop?.reason === 'max_loss' && f.ownLimits?.maxLoss === false) ||
      (f.stop?.reason === 'target_profit' && f.ownLimits?.targetProfit === false);
    const limitNote =
      f.stop && !isCleared && isSameDay(f.stop.at, now, 'Asia/Kolkata') ? LIMIT_STOP_NOTE[f.stop.reason] : undefined;
    if (limitNote) return `${by}: ${limitNote}`;
    return `${by}: press Start to trade again`;
  }
  if (f.openLegCount > 0) {
    // The engine chasing an exit the broker did not fully take says how that is going.
    if (f.engineProblem) return `Stopped with ${legsText(f.openLegCount)} still open: ${cannotTrade(f.engineProblem)}`;
    return `Stopped with ${legsText(f.openLegCount)} still open: press Exit while the market is open to square them off`;
  }
  // Starting it again would change nothing (the engine's "no legs configured" would only repeat).
  if (f.engineProblem && hasNothingToTrade(f)) return `Stopped: ${NOTHING_TO_TRADE}`;
  // Stopped by the engine (a broker refusal): the reason, until the trader starts it again.
  if (f.engineProblem) return `Stopped: ${f.engineProblem}; press Start to try again`;
  if (!f.isActive) return 'Inactive: set Active on the Strategies page to trade it';
  if (f.config === null) return `Stopped: configure ${f.typeWords?.name ?? 'RDX'}, then Start`;
  if (!f.isDummy && f.brokerToken === 'none') return 'Stopped: the broker account has no access token (Profile page)';
  if (!f.isDummy && f.brokerToken === 'expired') {
    return `Stopped: the broker access token expired ${f.tokenEndWords} (generate a new one on the Profile page)`;
  }
  if (!f.isDummy && f.brokerToken === 'refused') return `Stopped: ${tokenRefused(f)}`;
  return 'Stopped: press Start to trade';
}

function runningDetail(f: StatusFacts, now: number, day: CalendarDay): string {
  const name = f.typeWords?.name ?? 'RDX';
  if (f.config === null) return `No ${name} configuration: configure ${name} to trade`;
  if (f.notTradable) return `Cannot trade: ${f.notTradable}`;
  // Held, not squared off: the legs stay open (and at risk) while nothing watches or realigns them.
  if (!f.isEngineRunning) {
    const held = f.openLegCount > 0 ? `holding ${legsText(f.openLegCount)} (not squared off), ` : '';
    // One engine trades every type; admins know its switch as the RDX service (SPEC's name).
    const service = name === 'RDX' ? 'RDX service' : 'The trading engine (the RDX service)';
    return `${service} is stopped: ${held}no trading until an admin starts it`;
  }
  // No candles close while the ticker is down for good: nothing trades until an admin generates a token.
  if (f.marketDataHalt) return `Market data stopped: ${f.marketDataHalt} (admin: Brokers tab)`;
  if (!f.isDummy && f.brokerToken === 'none') return 'No broker access token: generate one on the Profile page';
  if (!f.isDummy && f.brokerToken === 'expired') {
    return `Broker access token expired ${f.tokenEndWords}: generate a new one on the Profile page`;
  }
  if (!f.isDummy && f.brokerToken === 'refused') return `Cannot trade: ${tokenRefused(f)}`;
  const tz = f.hours.timezone;
  const s = sessionAt(f.hours, f, now);
  if (!s.isMarketOpen || day.isClosed) {
    const next = nextOpen(f.hours, f.nseHolidays ?? [], now);
    const opens = next === null ? 'never (no trading days)' : wallTime(next, tz, now);
    // Told all day, before the open too: a holiday is why nothing will trade today.
    if (day.holiday) return `Market closed today: ${day.holiday.description} (NSE holiday) · opens ${opens}`;
    return `Market closed: opens ${opens}`;
  }
  if (s.isPastWindowEnd) {
    return f.openLegCount > 0
      ? `Window ended at ${f.endTime}: squaring off at the next candle close`
      : `Outside its ${f.startTime}–${f.endTime} window: next entry tomorrow from ${f.startTime} ${zoneLabel(tz, now)}`;
  }
  if (!s.isInWindow)
    return `Outside its ${f.startTime}–${f.endTime} window: trades from ${f.startTime} ${zoneLabel(tz, now)}`;
  if (f.typeWords) return f.typeWords.whenTrading(now);
  const close = wallTime(nextCandleClose(f.config.interval, f.hours, now), tz, now);
  if (hasNothingToTrade(f)) return `${NOTHING_TO_TRADE}: nothing to trade`;
  if (f.engineProblem)
    return `${cannotTrade(f.engineProblem)} (next try at the ${f.config.interval} candle closing ${close})`;
  if (f.openLegCount === 0) return `Waiting for the ${f.config.interval} candle closing at ${close} to enter`;
  const atmPaise = f.config.atmPaise > 0 ? f.config.atmPaise : atmOfLegs(f);
  const around = atmPaise === null ? '' : ` around ATM ${toRupees(atmPaise).toLocaleString('en-IN')}`;
  const sides = sidesOffSize(f);
  if (sides.length > 0) {
    return `Holding ${legsText(f.openLegCount)}${around} · ${sides.join(', ')}: resized at the ${f.config.interval} candle closing ${close}`;
  }
  return `Holding ${legsText(f.openLegCount)}${around}: next check at the ${f.config.interval} candle closing ${close}`;
}

/**
 * The ATM the legs were sold around, when none was saved (an entry that died before writing it): the CE sits
 * at ATM + offset, the PE at ATM − offset. Null when nothing tells it.
 */
function atmOfLegs(f: StatusFacts): number | null {
  const leg = f.legs?.[0];
  if (!leg || !f.sizing) return null;
  const atm = leg.optionType === 'CE' ? leg.strikePaise - f.sizing.offsetPaise : leg.strikePaise + f.sizing.offsetPaise;
  return atm > 0 ? atm : null;
}

const lotsText = (n: number) => `${n} lot${n === 1 ? '' : 's'}`;

/**
 * Each configured side held at another size than configured ("CE side holds 1 lot of 2"): a realign that died
 * half-way, which the next close brings to size (rdx.logic.ts). None when a held side is no longer configured:
 * that is left to a realign.
 */
function sidesOffSize(f: StatusFacts): string[] {
  const { legs, sizing } = f;
  if (!legs || !sizing || sizing.lotSize <= 0) return [];
  const countOf = (type: string) => (type === 'CE' ? f.ceCount : type === 'PE' ? f.peCount : 0);
  if (legs.some((l) => countOf(l.optionType) <= 0)) return [];
  const out: string[] = [];
  for (const type of ['CE', 'PE']) {
    const wantedLots = countOf(type) * sizing.lotCount;
    if (wantedLots <= 0) continue;
    const held = legs.filter((l) => l.optionType === type).reduce((sum, l) => sum + l.quantity, 0);
    const wanted = wantedLots * sizing.lotSize;
    if (held === wanted) continue;
    if (held === 0) out.push(`${type} side holds nothing of its ${lotsText(wantedLots)}`);
    else if (held % sizing.lotSize === 0)
      out.push(`${type} side holds ${lotsText(held / sizing.lotSize)} of ${wantedLots}`);
    else out.push(`${type} side holds ${held} units of ${wanted}`);
  }
  return out;
}

/**
 * Why a strategy paused on a broker difference, and what the trader can do: the console must not trade on a
 * leg the broker no longer holds (issue 27).
 */
function driftPause(stop: NonNullable<StatusFacts['stop']>, broker: string, now: number): string {
  const at = wallTime(stop.at, 'Asia/Kolkata', now);
  const what = noteOf(stop);
  // Matched since (broker-match.ts clears the note once nothing differs): the pause is all that is left.
  if (!what) return `paused at ${at} on a broker difference, since matched: Resume to trade again`;
  return (
    `paused at ${at}: the broker no longer holds what the console counts (${what}); make the console match the ` +
    `broker (Match the broker, if you bought it back in ${broker}) or sell it again in ${broker}, then Resume. ` +
    'Exit and Realign wait until then'
  );
}

/** The row's status_detail and available_actions. */
export function describeStatus(f: StatusFacts, now: number): StatusReport {
  const day = calendarDay(f.hours, f.nseHolidays ?? [], now);
  const isMarketOpen = !day.isClosed && sessionAt(f.hours, { startTime: null, endTime: null }, now).isMarketOpen;
  let detail: string;
  if (f.runningStatus === RUNNING_STATUS.RUNNING) detail = runningDetail(f, now, day);
  else if (f.runningStatus === RUNNING_STATUS.PAUSED) {
    detail =
      f.openLegCount > 0
        ? `Paused: holding ${legsText(f.openLegCount)}, taking no action`
        : 'Paused: no open positions';
    // A paused strategy takes no decisions, so a problem here is the bookkeeping's (legs waiting to settle).
    if (f.engineProblem) detail += ` · ${cannotTrade(f.engineProblem)}`;
    if (!f.isDummy && f.brokerToken === 'expired') {
      detail += ` · the broker access token expired ${f.tokenEndWords}: generate a new one on the Profile page, then Resume`;
    }
    if (!f.isDummy && f.brokerToken === 'refused') detail += ` · ${tokenRefused(f)}, then Resume`;
    if (f.stop?.reason === 'broker_drift') detail += ` · ${driftPause(f.stop, f.brokerLabel, now)}`;
  } else detail = stoppedDetail(f, now);
  if (f.lastBrokerError && f.runningStatus !== RUNNING_STATUS.STOPPED) {
    detail += ` · Last broker order failed: ${f.lastBrokerError}`;
  }
  return { detail, actions: actionsFor(f, isMarketOpen) };
}
