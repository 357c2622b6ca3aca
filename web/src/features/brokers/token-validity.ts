import type { UserBroker } from '@app/contract';
import { formatDateTimeIn } from '../../lib/format';

/** Kite access tokens die at 06:00 IST each day; the server says when this one does. */
export function tokenIsExpired(b: Pick<UserBroker, 'token_expires_at'>, now = Date.now()): boolean {
  return b.token_expires_at !== null && Date.parse(b.token_expires_at) <= now;
}

/** "24 Nov 2026, 06:00 IST", "Expired 24 Nov 2026, 06:00 IST: generate a new one", or a dash without a token. */
export function tokenValidity(b: Pick<UserBroker, 'token_expires_at'>, now = Date.now()): string {
  if (b.token_expires_at === null) return '—';
  const when = formatDateTimeIn(b.token_expires_at, 'Asia/Kolkata', { seconds: false });
  return tokenIsExpired(b, now) ? `Expired ${when}: generate a new one` : when;
}
