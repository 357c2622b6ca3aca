import { AUDIT_ACTION_LABELS, labelOf, type AuditAction, type AuditEntry } from '@app/contract';
import { formatInr } from '../../lib/format';

/** How an action reads on screen; a route recorded under its contract key shows the key. */
export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

const OBJECT_NAMES: Record<string, string> = {
  user: 'User',
  user_broker: 'Broker account',
  instrument: 'Instrument',
  holiday: 'Holiday',
  mapping: 'Strategy',
  rdx_config: 'RDX configuration of strategy',
  live_config: 'Live data configuration',
  kill_switch: 'Kill switch',
  alert_channels: 'Alert channels of user',
};

/** The object an action touched: "Strategy #12", "Kill switch", or a dash. */
export function objectLabel(entry: Pick<AuditEntry, 'object_type' | 'object_id'>): string {
  if (!entry.object_type) return '—';
  const name = OBJECT_NAMES[entry.object_type] ?? entry.object_type;
  return entry.object_id === null ? name : `${name} #${entry.object_id}`;
}

const PAISE = '_paise';

/** A field by its on-screen label; money kept in paise reads as its rupee field. */
function fieldLabel(field: string): string {
  const name = field.endsWith(PAISE) ? field.slice(0, -PAISE.length) : field;
  const label = labelOf(name);
  return label === name ? name.replace(/_/g, ' ') : label;
}

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field.endsWith(PAISE) && typeof value === 'number') return formatInr(value / 100);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One line per changed field: "CE Count: 1 → 2", "Max Loss: — → ₹5,000.00". */
export function changeLines(changes: AuditEntry['changes']): string[] {
  return Object.entries(changes).map(
    ([field, { before, after }]) => `${fieldLabel(field)}: ${valueText(field, before)} → ${valueText(field, after)}`,
  );
}

/** Context beside the changes: "reason: max_loss", "stopped strategies: 3". */
export function detailLines(detail: AuditEntry['detail']): string[] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => `${fieldLabel(key)}: ${valueText(key, value)}`);
}
