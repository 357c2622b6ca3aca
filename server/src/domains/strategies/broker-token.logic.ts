import { nextKiteTokenExpiry } from '../../protocols/kite-rest.js';

/**
 * Whether a broker account can trade now: no token, a token past its 06:00 IST end, a token Kite refused
 * before that (a logout, a login elsewhere), or a live one.
 */
export type BrokerTokenState = 'none' | 'expired' | 'refused' | 'valid';

/**
 * Whether Kite refused the account's current token: every token write clears the refusal, so any kept one is
 * the current token's (never compared with the write time: instances' clocks may differ).
 */
export function isTokenRefused(refusedAt: number | null): boolean {
  return refusedAt !== null;
}

/** Kite invalidates every access token at the next 06:00 IST after it was issued (`updatedAt`), or when it says. */
export function brokerTokenState(
  hasToken: boolean,
  updatedAt: number | null,
  now: number,
  refusedAt: number | null = null,
): BrokerTokenState {
  if (!hasToken) return 'none';
  if (updatedAt !== null && now >= nextKiteTokenExpiry(updatedAt)) return 'expired';
  if (isTokenRefused(refusedAt)) return 'refused';
  return 'valid'; // a token set before times were recorded: the broker says when it is not
}

export function brokerTokenExpiresAt(hasToken: boolean, updatedAt: number | null): number | null {
  return hasToken && updatedAt !== null ? nextKiteTokenExpiry(updatedAt) : null;
}
