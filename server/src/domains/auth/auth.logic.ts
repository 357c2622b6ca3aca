import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session secret; only its hash is stored. */
export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Token on the wire: `<secret>.<hmac(secret)>`, so forged tokens are refused before any lookup. */
export function composeToken(secret: string, signature: string): string {
  return `${secret}.${signature}`;
}

export function splitToken(token: string): { secret: string; signature: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { secret: parts[0], signature: parts[1] };
}

/**
 * How long a key stays locked, given its failure times: once `limit` failures fall inside the window, until
 * the oldest of the last `limit` leaves it. 0 means not locked.
 */
export function retryAfterFrom(failures: readonly number[], limit: number, windowMs: number, now: number): number {
  const recent = failures.filter((t) => t > now - windowMs).sort((a, b) => a - b);
  if (recent.length < limit) return 0;
  const oldest = recent[recent.length - limit] ?? now;
  return Math.max(1, oldest + windowMs - now);
}

/** The login limits (DESIGN §4), each over LOGIN_WINDOW_MS. */
export const LOGIN_LIMITS = {
  /** A username's failures after which its wrong passwords are refused (its right one still signs in). */
  perUser: 5,
  /** An address's failures after which it is refused outright, the right password too. */
  perAddress: 20,
  /** What a wrong password at a locked username costs its address: five such guesses lock the address. */
  lockedNameWeight: 4,
} as const;

/** A username's sign-in state as the users list shows it: locked until when, and its failures in the window. */
export function lockOf(failures: readonly number[], windowMs: number, now: number) {
  const wait = retryAfterFrom(failures, LOGIN_LIMITS.perUser, windowMs, now);
  return {
    lockedUntil: wait > 0 ? now + wait : null,
    failedLogins: failures.filter((t) => t > now - windowMs).length,
  };
}
