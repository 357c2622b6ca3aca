/**
 * When an access token stops working by itself, after it was generated at `generatedAt` (epoch ms): the
 * rule of the account's broker (`Broker.rules.tokenExpiresAt`, found by its `brokers.kind`), passed in so
 * that this logic knows no broker.
 */
export type TokenExpiryRule = (generatedAt: number) => number;

/**
 * Whether a broker account can trade now: no token, a token past its broker's end of life (its adapter's
 * `rules.tokenExpiresAt`), a token the broker refused before that (a logout, a login elsewhere), or a live one.
 */
export type BrokerTokenState = 'none' | 'expired' | 'refused' | 'valid';

/**
 * Whether the broker refused the account's current token: every token write clears the refusal, so any kept
 * one is the current token's (never compared with the write time: instances' clocks may differ).
 */
export function isTokenRefused(refusedAt: number | null): boolean {
  return refusedAt !== null;
}

/**
 * A token dies at its broker's expiry after it was issued (`updatedAt`), or when the broker says so (a
 * refusal). `expiresAt` is the account's broker's rule.
 */
export function brokerTokenState(
  expiresAt: TokenExpiryRule,
  hasToken: boolean,
  updatedAt: number | null,
  now: number,
  refusedAt: number | null = null,
): BrokerTokenState {
  if (!hasToken) return 'none';
  if (updatedAt !== null && now >= expiresAt(updatedAt)) return 'expired';
  if (isTokenRefused(refusedAt)) return 'refused';
  return 'valid'; // a token set before times were recorded: the broker says when it is not
}

/** When the account's token will stop working, by its broker's rule; null without a token or its time. */
export function brokerTokenExpiresAt(
  expiresAt: TokenExpiryRule,
  hasToken: boolean,
  updatedAt: number | null,
): number | null {
  return hasToken && updatedAt !== null ? expiresAt(updatedAt) : null;
}
