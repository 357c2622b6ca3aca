/** A provider answered with a status we may retry (429, 418, 5xx), possibly saying when. */
export class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RetryableError';
  }
}

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected so tests never wait. */
  sleep?: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Network failures (fetch's TypeError, socket resets) are worth another try; so are RetryableErrors. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof RetryableError) return true;
  if (err instanceof TypeError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET'].includes(code)
  );
}

/** Exponential backoff: base, 2×base, 4×base … capped; a provider's Retry-After wins when longer. */
export function backoffDelay(attempt: number, options: RetryOptions, retryAfterMs?: number): number {
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 8000;
  const delay = Math.min(cap, base * 2 ** attempt);
  return Math.max(delay, retryAfterMs ?? 0);
}

/** Runs `task`, retrying retryable failures with backoff; the last error is rethrown. */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (attempt + 1 >= attempts || !isRetryable(err)) throw err;
      const retryAfter = err instanceof RetryableError ? err.retryAfterMs : undefined;
      await sleep(backoffDelay(attempt, options, retryAfter));
    }
  }
}

/** Retry-After header (seconds) to milliseconds. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}
