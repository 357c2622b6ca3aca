import { AUDIT_ACTION_LABELS, labelOf, MODE_LABELS, type AuditAction, type AuditEntry, toRupees } from '@app/contract';
import { formatDateTimeIst, formatInr } from '../../lib/format';
import { statusLabel } from '../strategies/strategy-display';

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

/**
 * The object an action touched: "Strategy #12", "Kill switch", or a dash; with whose it is when someone else
 * acted on it ("Strategy #12 · trader2": an admin's change, an automatic stop).
 */
export function objectLabel(entry: Pick<AuditEntry, 'object_type' | 'object_id' | 'owner_username' | 'actor'>): string {
  if (!entry.object_type) return '—';
  const name = OBJECT_NAMES[entry.object_type] ?? entry.object_type;
  const object = entry.object_id === null ? name : `${name} #${entry.object_id}`;
  const owner = entry.owner_username;
  return owner && owner.toLowerCase() !== entry.actor.toLowerCase() ? `${object} · ${owner}` : object;
}

const PAISE = '_paise';
/** A figure kept exact in hundredths (a portfolio's net delta cap, issue 34) reads as its field. */
const HUNDREDTHS = '_hundredths';
/** Secrets are recorded only as whether they are set (`has_broker_token`), never their values. */
const HAS = 'has_';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Epoch milliseconds after 2001: a time (`token_updated_at`), not a count. */
const EPOCH_MS_FLOOR = 1e12;

/** Fields stored as numbers that the screens show as words. */
const CODED_FIELDS: Record<string, (value: number) => string> = {
  running_status: statusLabel,
  is_dummy: (v) => (v === 1 ? MODE_LABELS.paper : MODE_LABELS.live),
  is_active: (v) => (v === 1 ? 'yes' : 'no'),
  reduce_on_breach: (v) => (v === 1 ? 'yes' : 'no'),
};

/** Reason codes (failed logins, automatic stops) in words; a code not listed shows as it is. */
const REASON_WORDS: Record<string, string> = {
  invalid_credentials: 'wrong username or password',
  rate_limited: 'too many attempts (locked out for a while)',
  max_loss: 'its Max Loss was reached',
  target_profit: 'its Target Profit was reached',
  daily_max_loss: "the user's daily max loss was reached",
  kill_switch: 'the kill switch',
  expiry: 'its contracts expired',
  broker_error: 'the broker rejected an order',
  token_expired: 'the broker access token expired',
  manual: 'stopped by hand',
  started: 'started',
  broker_drift: 'the broker no longer held a leg the console counted',
  egress_mismatch: 'its orders would have left from an IP the broker had not registered',
  portfolio_limit: "the user's portfolio went beyond a portfolio limit (reduce on breach)",
};
const REASON_FIELDS = new Set(['reason', 'stop_reason']);

/** A field by its on-screen label; money kept in paise reads as its rupee field. */
function fieldLabel(field: string): string {
  const name = field.endsWith(PAISE)
    ? field.slice(0, -PAISE.length)
    : field.endsWith(HUNDREDTHS)
      ? field.slice(0, -HUNDREDTHS.length)
      : field.startsWith(HAS)
        ? field.slice(HAS.length)
        : field;
  const label = labelOf(name);
  if (label !== name) return label;
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return field.startsWith(HAS) ? 'not set' : '—';
  if (typeof value === 'boolean') return field.startsWith(HAS) ? (value ? 'set' : 'not set') : value ? 'yes' : 'no';
  if (field.endsWith(PAISE) && typeof value === 'number') return formatInr(toRupees(value));
  if (field.endsWith(HUNDREDTHS) && typeof value === 'number') return String(toRupees(value));
  const coded = CODED_FIELDS[field];
  if (coded && typeof value === 'number') return coded(value);
  if (field.endsWith('_at') && typeof value === 'number' && value >= EPOCH_MS_FLOOR) return formatDateTimeIst(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return formatDateTimeIst(value);
  if (typeof value === 'string') return REASON_FIELDS.has(field) ? (REASON_WORDS[value] ?? value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One line per changed field: "CE Count: 1 → 2", "Max Loss: — → ₹5,000.00". */
export function changeLines(changes: AuditEntry['changes']): string[] {
  return Object.entries(changes).map(
    ([field, { before, after }]) => `${fieldLabel(field)}: ${valueText(field, before)} → ${valueText(field, after)}`,
  );
}

/** Context beside the changes: "Reason: its Max Loss was reached", "Stopped strategies: 3". */
export function detailLines(detail: AuditEntry['detail']): string[] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => `${fieldLabel(key)}: ${valueText(key, value)}`);
}
