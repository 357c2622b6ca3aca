import type { ExitLevel, Leg, LegsConfig, LegsEntry, LegStrike, RDX_INTERVALS } from '@app/contract';
import { formatInr, formatQuantity } from '../../lib/format';
import type { EntryPlan } from '../strategies/entry-plan';

/*
 * A Multi-leg configuration in a few read-only lines (issue 33): each leg "SELL CE ATM+2 ×1 lot, current week",
 * the entry and the exit. The Strategy Lab shows it for a legs run and a hand-off; Home's row summary too. Pure.
 */

const EXPIRY_TEXT: Record<Leg['expiry'], string> = {
  current_week: 'current week',
  next_week: 'next week',
  current_month: 'current month',
};

/** "ATM", "ATM+2", "ATM-1", "premium nearest ₹50.00", "premium ≥ ₹50.00", "premium ≤ ₹50.00". */
export function strikeText(strike: LegStrike): string {
  switch (strike.by) {
    case 'atm':
      return strike.steps === 0 ? 'ATM' : `ATM${strike.steps > 0 ? '+' : ''}${strike.steps}`;
    case 'premium_closest':
      return `premium nearest ${formatInr(strike.premium)}`;
    case 'premium_at_least':
      return `premium ≥ ${formatInr(strike.premium)}`;
    case 'premium_at_most':
      return `premium ≤ ${formatInr(strike.premium)}`;
  }
}

/** "25 %", "₹20.00 points", "at ₹80.00". */
function levelText(level: ExitLevel): string {
  if (level.unit === 'percent') return `${level.value} %`;
  if (level.unit === 'points') return `${formatInr(level.value)} points`;
  return `at ${formatInr(level.value)}`;
}

/** "SELL CE ATM+2 ×1 lot, current week" and, when set, its stop-loss, target, trailing stop and re-entries. */
export function legText(leg: Leg): string {
  const lots = leg.lots === 1 ? '1 lot' : `${leg.lots} lots`;
  const parts = [`${leg.side} ${leg.option_type} ${strikeText(leg.strike)} ×${lots}, ${EXPIRY_TEXT[leg.expiry]}`];
  if (leg.stop_loss) parts.push(`stop-loss ${levelText(leg.stop_loss)}`);
  if (leg.target) parts.push(`target ${levelText(leg.target)}`);
  if (leg.trailing) {
    const unit = (v: number) => (leg.trailing?.unit === 'percent' ? `${v} %` : formatInr(v));
    parts.push(`trailing ${unit(leg.trailing.trail_by)} after ${unit(leg.trailing.activate_at)}`);
  }
  if (leg.re_entry && leg.re_entry.times > 0) {
    parts.push(`${leg.re_entry.times === 1 ? '1 re-entry' : `${leg.re_entry.times} re-entries`}`);
  }
  return parts.join(', ');
}

const SIDE_TEXT = { above: 'above', below: 'below', either: 'either way out of' } as const;
const DIRECTION_TEXT = { up: 'up', down: 'down', either: 'either way' } as const;

/** "Entry at 09:20", "Entry on the next 5m candle close", … */
export function entryText(entry: LegsEntry): string {
  switch (entry.kind) {
    case 'time':
      return `Entry at ${entry.at}`;
    case 'candle_close':
      return `Entry on the next ${entry.interval} candle close`;
    case 'range_breakout':
      return `Entry on a break ${SIDE_TEXT[entry.side]} the first ${entry.minutes} minutes' range`;
    case 'wait_and_trade': {
      const move = entry.unit === 'percent' ? `${entry.value} %` : `${formatInr(entry.value)} points`;
      return `Entry on a ${move} move ${DIRECTION_TEXT[entry.direction]} from ${entry.reference_at}`;
    }
  }
}

/** "Exit at 15:15", or that the legs are held until expiry or the trader's Exit. */
export const exitText = (exitAt: string | null): string =>
  exitAt ? `Exit at ${exitAt}` : 'No exit time: held until expiry or Exit';

/** Every line of the summary: one per leg ("Leg 1: …"), then the entry and the exit. */
export function legsSummaryLines(config: Pick<LegsConfig, 'legs' | 'entry' | 'exit_at'>): string[] {
  return [
    ...config.legs.map((leg, i) => `Leg ${i + 1}: ${legText(leg)}`),
    entryText(config.entry),
    exitText(config.exit_at),
  ];
}

/**
 * The candle a backtest of `config` decides on: the entry's own interval for a candle-close entry, else every
 * minute (a timed entry or exit falls on a minute), as the live mapping decides (server `legsInterval`).
 */
export const legsIntervalOf = (config: Pick<LegsConfig, 'entry'>): (typeof RDX_INTERVALS)[number] =>
  config.entry.kind === 'candle_close' ? config.entry.interval : '1m';

/** "65 CE ATM+2": a leg's quantity (lots × the contract's lot size), type and strike rule. */
const legQuantityText = (leg: Leg, lotSize: number): string =>
  `${formatQuantity(leg.lots * lotSize)} ${leg.option_type} ${strikeText(leg.strike)}`;

/**
 * What an entry of a Multi-leg strategy would trade, for the questions asked before a LIVE Start, Resume or
 * Realign (strategies/strategy-confirm.ts): the legs it sells and buys, and how it leaves them.
 */
export function entryPlanOfLegs(config: LegsConfig | null, lotSize: number): EntryPlan {
  if (!config) {
    return {
      interval: null,
      sells: [],
      how: '',
      whyNothing: '(no legs are saved: Configure them in the Strategy Builder)',
      sideLines: [],
      thenWhat: 'holds nothing',
    };
  }
  const sold = config.legs.filter((l) => l.side === 'SELL').map((l) => legQuantityText(l, lotSize));
  const bought = config.legs.filter((l) => l.side === 'BUY').map((l) => legQuantityText(l, lotSize));
  const buys = bought.length > 0 ? `and buys ${bought.join(', ')}` : '';
  return {
    interval: legsIntervalOf(config),
    sells: sold,
    how: `${buys ? `${buys} ` : ''}(${entryText(config.entry).toLowerCase()})`,
    whyNothing: buys ? `but ${buys.slice(4)}` : '(no leg sells)',
    sideLines: legsSummaryLines(config),
    thenWhat: config.exit_at ? `squares every leg off at ${config.exit_at}` : 'holds its legs until expiry or Exit',
  };
}
