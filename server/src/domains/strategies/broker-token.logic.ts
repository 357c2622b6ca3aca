import { nextKiteTokenExpiry } from '../../protocols/kite-rest.js';

/** Whether a broker account can trade now: no token, a token Kite has already invalidated, or a live one. */
export type BrokerTokenState = 'none' | 'expired' | 'valid';

/** Kite invalidates every access token at the next 06:00 IST after it was issued (`updatedAt`). */
export function brokerTokenState(hasToken: boolean, updatedAt: number | null, now: number): BrokerTokenState {
  if (!hasToken) return 'none';
  if (updatedAt === null) return 'valid'; // set before times were recorded: let the broker say
  return now < nextKiteTokenExpiry(updatedAt) ? 'valid' : 'expired';
}

export function brokerTokenExpiresAt(hasToken: boolean, updatedAt: number | null): number | null {
  return hasToken && updatedAt !== null ? nextKiteTokenExpiry(updatedAt) : null;
}
