import {
  ACTIVE_LABELS,
  MODE_LABELS,
  MODE_MEANINGS,
  RUNNING_STATUS,
  type Exchange,
  type Mapping,
  type StrategyActionName,
  toPaise,
  toRupees,
} from '@app/contract';
import { formatInr } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';

export type ModeLabel = 'DUMMY' | 'LIVE' | 'LIVE · SANDBOX';

/**
 * SPEC §2: DUMMY if is_dummy is 1, otherwise LIVE; a LIVE strategy on a console whose orders go to its
 * built-in sandbox exchange reads "LIVE · SANDBOX" (issue 27), so nobody takes its fills for real ones.
 */
export function modeLabel(isDummy: number, exchange?: Exchange): ModeLabel {
  if (isDummy === 1) return MODE_LABELS.paper;
  return exchange === 'sandbox' ? `${MODE_LABELS.live} · SANDBOX` : MODE_LABELS.live;
}

/**
 * The mode with what it means, where there is room for it (details, tooltips): "DUMMY (paper: simulated
 * fills, no broker orders)". The same word as the badge, so no screen says Paper beside DUMMY.
 */
export function modeWord(isDummy: number, exchange?: Exchange): string {
  if (isDummy === 1) return `${MODE_LABELS.paper} (${MODE_MEANINGS.paper})`;
  if (exchange === 'sandbox')
    return `${MODE_LABELS.live} (orders go to the built-in sandbox exchange, not a real broker)`;
  return `${MODE_LABELS.live} (${MODE_MEANINGS.live})`;
}

/** is_active in a trader's words. */
export function activeWord(isActive: number): 'Active' | 'Inactive' {
  return isActive === 1 ? ACTIVE_LABELS.active : ACTIVE_LABELS.inactive;
}

/** SPEC §2: without both start and end time the strategy is 'Always On'. */
export function windowLabel(start: string | null, end: string | null): string {
  return start && end ? `${start} - ${end}` : 'Always On';
}

export type StatusLabel = 'RUNNING' | 'PAUSED' | 'STOPPED';

/** SPEC §4: running_status 1 RUNNING, 2 PAUSED, anything else STOPPED. */
export function statusLabel(runningStatus: number): StatusLabel {
  if (runningStatus === RUNNING_STATUS.RUNNING) return 'RUNNING';
  if (runningStatus === RUNNING_STATUS.PAUSED) return 'PAUSED';
  return 'STOPPED';
}

/** Badge class for a status label (styles.css has `running` and `paused`). */
export function statusBadgeClass(label: StatusLabel): string {
  return label === 'STOPPED' ? 'badge' : `badge ${label.toLowerCase()}`;
}

/**
 * The row's status badge. A running strategy while the RDX service is stopped trades nothing and holds its
 * legs (issue 27): it reads "RUNNING · service stopped" in the held (amber) style, never the trading green.
 */
export function statusBadge(
  runningStatus: number,
  isServiceStopped: boolean,
): { label: StatusLabel; note: string | null; className: string } {
  const label = statusLabel(runningStatus);
  if (label === 'RUNNING' && isServiceStopped) return { label, note: 'service stopped', className: 'badge held' };
  return { label, note: null, className: statusBadgeClass(label) };
}

const STATUS_ORDER: Record<StatusLabel, number> = { RUNNING: 0, PAUSED: 1, STOPPED: 2 };

/**
 * Running strategies first, then paused, then stopped, each group in its server order (issue 27): what is
 * trading is what a trader looks for, and on a phone a stopped one above it pushed it screens down.
 */
export function runningFirst(mappings: Mapping[]): Mapping[] {
  const rank = (m: Mapping) => STATUS_ORDER[statusLabel(m.running_status)];
  // Array.prototype.sort is stable, so each group keeps the order the server listed it in.
  return [...mappings].sort((a, b) => rank(a) - rank(b));
}

/**
 * What a Start or Resume did, for the table's message: which strategy, where, and what it does next (its
 * status_detail); null for the other actions, whose rows say enough.
 */
export function actionDoneMessage(
  action: StrategyActionName,
  m: Pick<Mapping, 'strategy_name' | 'instrument_name' | 'is_dummy' | 'broker_username' | 'status_detail'>,
): string | null {
  if (action !== 'start' && action !== 'resume') return null;
  const verb = action === 'start' ? 'Started' : 'Resumed';
  const where = [modeLabel(m.is_dummy), m.broker_username].filter(Boolean).join(' · ');
  return `${verb} ${m.strategy_name} on ${m.instrument_name} (${where}). ${m.status_detail}`;
}

/** SPEC §2: the Active Strategies table shows only mappings with is_active 1. */
export function activeOnly(mappings: Mapping[]): Mapping[] {
  return mappings.filter((m) => m.is_active === 1);
}

/**
 * A strategy's limits in a trader's words, for its row: "Max loss ₹5,000.00 · Target ₹2,500.00"; null
 * when neither is set.
 */
export function limitsLabel(m: Pick<Mapping, 'max_loss' | 'target_profit'>): string | null {
  const parts = [
    m.max_loss === null ? null : `Max loss ${formatInr(m.max_loss)}`,
    m.target_profit === null ? null : `Target ${formatInr(m.target_profit)}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

/**
 * What a strategy's limits are measured against (issue 13): today's realized + unrealized P&L before charges.
 * Shown under the limits, since the row's Net P&L (after charges, since the start) is another figure.
 */
export function limitMeasureLabel(today: { realized_pnl: number; unrealized_pnl: number }): string {
  const paise = toPaise(today.realized_pnl) + toPaise(today.unrealized_pnl);
  return `Today before charges: ${formatPnl(toRupees(paise)).text}`;
}
