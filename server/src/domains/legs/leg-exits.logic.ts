/**
 * One leg's exits (issue 33): stop-loss, target and trailing stop, as a state machine fed a price at a time (live)
 * or a 1-minute candle (backtests). Pure; money in integer paise.
 *
 * A SELL leg loses as the option's price rises, so its stop sits above the entry and its target below; a BUY leg
 * the other way round. A trailing stop starts once the price has moved `activate_at` in the leg's favour, then
 * follows the best price at `trail_by` behind it and only ever tightens. A leg exits once: after that nothing
 * fires again (a re-entry is a new leg with a new state, leg-reentry.logic.ts).
 */
import { toPaise, type Leg } from '@app/contract';

export type LegSide = 'BUY' | 'SELL';

/** A level as held here: the wire value ×100, i.e. hundredths of a percent, or paise. */
export interface LevelRule {
  unit: 'percent' | 'points' | 'premium';
  hundredths: number;
}

export interface TrailingRule {
  unit: 'percent' | 'points';
  /** ×100, as LevelRule. */
  activateAt: number;
  trailBy: number;
}

export interface ExitRules {
  side: LegSide;
  stopLoss: LevelRule | null;
  target: LevelRule | null;
  trailing: TrailingRule | null;
}

export interface ExitState {
  stopPaise: number | null;
  targetPaise: number | null;
  /** `bestPaise`: the most favourable price since entry (SELL: lowest, BUY: highest). */
  trailing: { active: boolean; bestPaise: number };
  exited: boolean;
}

export type ExitReason = 'stop-loss' | 'target' | 'trailing-stop';
export interface ExitEvent {
  reason: ExitReason;
  atPaise: number;
}
export interface ExitStep {
  state: ExitState;
  exit: ExitEvent | null;
}

/** One 1-minute candle of the option's price. */
export interface PriceCandle {
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
}

/** A leg's exit settings as the contract states them (rupees, percents), ×100 in integers. */
export function exitRulesOf(leg: Pick<Leg, 'side' | 'stop_loss' | 'target' | 'trailing'>): ExitRules {
  const level = (l: Leg['stop_loss']) => (l ? { unit: l.unit, hundredths: toPaise(l.value) } : null);
  const t = leg.trailing;
  return {
    side: leg.side,
    stopLoss: level(leg.stop_loss),
    target: level(leg.target),
    trailing: t ? { unit: t.unit, activateAt: toPaise(t.activate_at), trailBy: toPaise(t.trail_by) } : null,
  };
}

/**
 * A distance from the entry in paise. Rounded up: a stop, a target, an activation or a trail is never nearer the
 * entry than the trader asked (a 25 % stop on ₹0.05 is a paisa, not nothing).
 */
export function distancePaise(unit: 'percent' | 'points', hundredths: number, entryPaise: number): number {
  return unit === 'percent' ? Math.ceil((entryPaise * hundredths) / 10_000) : hundredths;
}

/** +1 where the leg loses as the price rises (SELL), −1 where it gains (BUY). */
const adverse = (side: LegSide) => (side === 'SELL' ? 1 : -1);

function levelPaise(side: LegSide, rule: LevelRule | null, entryPaise: number, kind: 'stop' | 'target') {
  if (!rule) return null;
  if (rule.unit === 'premium') return rule.hundredths;
  const direction = kind === 'stop' ? adverse(side) : -adverse(side);
  return entryPaise + direction * distancePaise(rule.unit, rule.hundredths, entryPaise);
}

/** Whether `price` is at or beyond `stop` on the leg's losing side. */
const crossesStop = (side: LegSide, stop: number | null, price: number) =>
  stop !== null && (side === 'SELL' ? price >= stop : price <= stop);
/** Whether `price` is at or beyond `target` on the leg's winning side. */
const reachesTarget = (side: LegSide, target: number | null, price: number) =>
  target !== null && (side === 'SELL' ? price <= target : price >= target);

/**
 * The state of a leg just entered at `entryPaise`, or the problem with its levels at that price: a premium stop
 * or target on the wrong side of the entry (it would fire at once, and a re-entry at once would loop on it), or
 * a level at or below zero (never reached).
 */
export function startExitState(rules: ExitRules, entryPaise: number): ExitState | { problem: string } {
  if (!Number.isSafeInteger(entryPaise) || entryPaise <= 0) return { problem: 'entry price must be above zero' };
  const stop = levelPaise(rules.side, rules.stopLoss, entryPaise, 'stop');
  const target = levelPaise(rules.side, rules.target, entryPaise, 'target');
  const where = rules.side === 'SELL' ? 'above' : 'below';
  if (stop !== null && (stop <= 0 || crossesStop(rules.side, stop, entryPaise))) {
    return { problem: `stop-loss must be ${where} the entry price and above zero` };
  }
  if (target !== null && (target <= 0 || reachesTarget(rules.side, target, entryPaise))) {
    return { problem: `target must be ${rules.side === 'SELL' ? 'below' : 'above'} the entry price and above zero` };
  }
  return { stopPaise: stop, targetPaise: target, trailing: { active: false, bestPaise: entryPaise }, exited: false };
}

/** The tighter of two stops (SELL: the lower; BUY: the higher); a stop never loosens. */
const tighter = (side: LegSide, stop: number | null, candidate: number) =>
  stop === null ? candidate : side === 'SELL' ? Math.min(stop, candidate) : Math.max(stop, candidate);

/** The state after the price reached `favourablePaise` without exiting: the best price, and the trail. */
function trail(rules: ExitRules, entryPaise: number, state: ExitState, favourablePaise: number): ExitState {
  const t = rules.trailing;
  if (!t) return state;
  const side = rules.side;
  const best =
    side === 'SELL'
      ? Math.min(state.trailing.bestPaise, favourablePaise)
      : Math.max(state.trailing.bestPaise, favourablePaise);
  const moved = (entryPaise - best) * adverse(side);
  const active = state.trailing.active || moved >= distancePaise(t.unit, t.activateAt, entryPaise);
  if (!active) return { ...state, trailing: { active, bestPaise: best } };
  // The trail is a distance from the entry's price (a percent of the entry, not of the best), so it stays fixed.
  const candidate = best + adverse(side) * distancePaise(t.unit, t.trailBy, entryPaise);
  return { ...state, stopPaise: tighter(side, state.stopPaise, candidate), trailing: { active, bestPaise: best } };
}

/**
 * Which stop is in force: the trail's once it has moved the stop off the stop-loss set at entry (it only ever
 * tightens, so any change is the trail's); a trail that lands exactly on the stop-loss still reads as the stop-loss.
 */
function stopReason(rules: ExitRules, entryPaise: number, state: ExitState): ExitReason {
  const initial = levelPaise(rules.side, rules.stopLoss, entryPaise, 'stop');
  return state.trailing.active && state.stopPaise !== initial ? 'trailing-stop' : 'stop-loss';
}

const exitAt = (state: ExitState, reason: ExitReason, atPaise: number): ExitStep => ({
  state: { ...state, exited: true },
  exit: { reason, atPaise },
});

/**
 * A new price of the option (a tick, or a candle's close in live trading): the stop in force before it is checked
 * first, then the target, and only then does the price move the trail. An exit is at the price seen (a market
 * order sent on it), which may be beyond the level after a jump.
 */
export function onPrice(rules: ExitRules, entryPaise: number, state: ExitState, pricePaise: number): ExitStep {
  if (state.exited) return { state, exit: null };
  if (crossesStop(rules.side, state.stopPaise, pricePaise)) {
    return exitAt(state, stopReason(rules, entryPaise, state), pricePaise);
  }
  if (reachesTarget(rules.side, state.targetPaise, pricePaise)) return exitAt(state, 'target', pricePaise);
  return { state: trail(rules, entryPaise, state, pricePaise), exit: null };
}

/**
 * A 1-minute candle, for backtests, where the order of its high and low is unknown. Assumed the worse way:
 * 1. the stop in force at the open is hit when the candle's adverse extreme (SELL: high, BUY: low) reaches it,
 *    before anything else, even when the target is in the range too; filled at the stop, or at the open when the
 *    candle opened beyond it (the worse price: a gap through a stop fills there);
 * 2. else the target is hit when the favourable extreme reaches it, filled at the target or at an open beyond it;
 * 3. else the favourable extreme moves the trail; a close beyond the tightened stop crossed it after that extreme
 *    (the close is the candle's last price), so it exits there at the stop.
 */
export function onCandle(rules: ExitRules, entryPaise: number, state: ExitState, candle: PriceCandle): ExitStep {
  if (state.exited) return { state, exit: null };
  const side = rules.side;
  const [adverseExtreme, favourableExtreme] =
    side === 'SELL' ? [candle.highPaise, candle.lowPaise] : [candle.lowPaise, candle.highPaise];
  const stop = state.stopPaise;
  if (stop !== null && crossesStop(side, stop, adverseExtreme)) {
    const fill = crossesStop(side, stop, candle.openPaise) ? candle.openPaise : stop;
    return exitAt(state, stopReason(rules, entryPaise, state), fill);
  }
  const target = state.targetPaise;
  if (target !== null && reachesTarget(side, target, favourableExtreme)) {
    const fill = reachesTarget(side, target, candle.openPaise) ? candle.openPaise : target;
    return exitAt(state, 'target', fill);
  }
  const next = trail(rules, entryPaise, state, favourableExtreme);
  if (next.stopPaise !== stop && next.stopPaise !== null && crossesStop(side, next.stopPaise, candle.closePaise)) {
    return exitAt(next, 'trailing-stop', next.stopPaise);
  }
  return { state: next, exit: null };
}
