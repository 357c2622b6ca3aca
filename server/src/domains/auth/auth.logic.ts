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
 * Counts failures per key in a sliding window. `retryAfterMs` > 0 means the key is locked.
 * Kept in memory: a restart forgets, which only resets a lock early.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  recordFailure(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
  }

  retryAfterMs(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    return kept;
  }
}
