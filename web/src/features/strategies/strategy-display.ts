import { ACTIVE_LABELS, MODE_LABELS, MODE_MEANINGS, RUNNING_STATUS, type Exchange, type Mapping } from '@app/contract';
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

/** Only a strategy named RDX has the RDX configuration (SPEC §2). */
export function isRdxStrategy(mapping: Pick<Mapping, 'strategy_name'>): boolean {
  return mapping.strategy_name === 'RDX';
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
  const paise = Math.round(today.realized_pnl * 100) + Math.round(today.unrealized_pnl * 100);
  return `Today before charges: ${formatPnl(paise / 100).text}`;
}
