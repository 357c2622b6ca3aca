import type { Mapping, UserBroker } from '@app/contract';
import { formatDateTimeIn } from '../../lib/format';

type TokenFacts = Pick<UserBroker, 'token_expires_at' | 'token_refused_at'>;

const istWhen = (at: string) => formatDateTimeIn(at, 'Asia/Kolkata', { seconds: false });

/** Kite access tokens die at 06:00 IST each day, or earlier when Kite refuses one; the server says which. */
export function tokenIsExpired(b: TokenFacts, now = Date.now()): boolean {
  return b.token_refused_at !== null || (b.token_expires_at !== null && Date.parse(b.token_expires_at) <= now);
}

/**
 * "24 Nov 2026, 06:00 IST", "Expired 24 Nov 2026, 06:00 IST: generate a new one", "Refused by Kite 23 Nov
 * 2026, 10:42 IST: generate a new one", or a dash without a token.
 */
export function tokenValidity(b: TokenFacts, now = Date.now()): string {
  if (b.token_expires_at === null) return '—';
  if (b.token_refused_at !== null) return `Refused by Kite ${istWhen(b.token_refused_at)}: generate a new one`;
  const when = istWhen(b.token_expires_at);
  return tokenIsExpired(b, now) ? `Expired ${when}: generate a new one` : when;
}

/**
 * A LIVE mapping's broker token as the mappings table says it under the account: when it dies, that it
 * died or Kite refused it, or that there is none. Paper mappings need no token, so nothing is said.
 */
export function mappingTokenNote(
  m: Pick<Mapping, 'is_dummy' | 'broker_token_expires_at' | 'broker_has_token'>,
  now = Date.now(),
) {
  if (m.is_dummy === 1) return null;
  if (m.broker_token_expires_at === null) return 'No access token';
  const when = istWhen(m.broker_token_expires_at);
  if (Date.parse(m.broker_token_expires_at) <= now) return `Token expired ${when}`;
  // Not expired, yet not usable: Kite refused it.
  return m.broker_has_token ? `Token valid until ${when}` : 'Token refused by Kite: generate a new one';
}
