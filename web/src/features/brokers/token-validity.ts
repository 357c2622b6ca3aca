import type { Mapping, UserBroker } from '@app/contract';
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

/**
 * A LIVE mapping's broker token as the mappings table says it under the account: when it dies, that it
 * died, or that there is none. Paper mappings need no token, so nothing is said.
 */
export function mappingTokenNote(m: Pick<Mapping, 'is_dummy' | 'broker_token_expires_at'>, now = Date.now()) {
  if (m.is_dummy === 1) return null;
  if (m.broker_token_expires_at === null) return 'No access token';
  const when = formatDateTimeIn(m.broker_token_expires_at, 'Asia/Kolkata', { seconds: false });
  return Date.parse(m.broker_token_expires_at) <= now ? `Token expired ${when}` : `Token valid until ${when}`;
}
