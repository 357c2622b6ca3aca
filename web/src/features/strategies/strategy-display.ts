import { ACTIVE_LABELS, MODE_LABELS, RUNNING_STATUS, type Mapping } from '@app/contract';
import { formatInr } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';

/** SPEC §2: DUMMY if is_dummy is 1, otherwise LIVE. */
export function modeLabel(isDummy: number): 'DUMMY' | 'LIVE' {
  return isDummy === 1 ? 'DUMMY' : 'LIVE';
}

/** The mode in a trader's words (Paper/Live), wherever SPEC does not fix DUMMY/LIVE. */
export function modeWord(isDummy: number): 'Paper' | 'Live' {
  return isDummy === 1 ? MODE_LABELS.paper : MODE_LABELS.live;
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
