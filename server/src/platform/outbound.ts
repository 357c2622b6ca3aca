import { fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import pRetry from 'p-retry';

/*
 * Every call the server makes to a provider (Kite, Binance) goes through here: a timeout on each request,
 * and retries with jittered exponential backoff (p-retry) only for failures that can succeed on a retry.
 * Order placement never retries: a lost reply there is settled by the order's tag, never by sending again.
 */

/** How long one provider request may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A provider answered with a status worth retrying (429, 418, 5xx), possibly saying when. */
export class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    /** The provider's HTTP status: 429 and 418 are its rate limit, 5xx its own failure. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RetryableError';
  }
}

/**
 * The request never got an answer: refused, reset, or timed out. The message says which in words a trader may
 * read (it reaches replies and rows); where the request went is `host`, for the logs only.
 */
export class NetworkError extends Error {
  readonly host: string | null;
  constructor(message: string, options?: { cause?: unknown; host?: string }) {
    super(message, options);
    this.name = 'NetworkError';
    this.host = options?.host ?? null;
  }
}

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** Only a provider's own "try later" and a request that never got through are worth another try. */
export const isRetryable = (err: unknown) => err instanceof RetryableError || err instanceof NetworkError;

/** The provider limited our rate (429, or Binance's 418 ban): our caller should slow down, not blame us. */
export const isRateLimit = (err: unknown): err is RetryableError =>
  err instanceof RetryableError && (err.status === 429 || err.status === 418);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task`, retrying retryable failures with jittered backoff; a provider's Retry-After is waited out. */
export function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return pRetry(task, {
    retries: Math.max(0, (options.attempts ?? 5) - 1),
    minTimeout: options.baseDelayMs ?? 500,
    maxTimeout: options.maxDelayMs ?? 8000,
    randomize: true,
    shouldRetry: ({ error }) => isRetryable(error),
    onFailedAttempt: async ({ error, retriesLeft }) => {
      if (retriesLeft > 0 && error instanceof RetryableError && error.retryAfterMs) await sleep(error.retryAfterMs);
    },
  });
}

/**
 * Where a request leaves from (a proxy, one of the server's addresses): an undici dispatcher. Requests given one
 * go through undici's own fetch, which takes its dispatchers whatever undici Node's global fetch bundles.
 */
export type OutboundRoute = Dispatcher;

/** fetch with a deadline; a refusal, a reset or the deadline becomes a NetworkError. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit & { route?: OutboundRoute | undefined } = {},
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const { route, ...rest } = init;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    if (route) {
      const routed = await undiciFetch(url, { ...(rest as UndiciRequestInit), signal, dispatcher: route });
      return routed as unknown as Response;
    }
    return await fetch(url, { ...rest, signal });
  } catch (err) {
    // A request fetch could not even build (a header value it refuses): no network was involved, and trying
    // again cannot help, so it is not a NetworkError (which is retried).
    if (err instanceof TypeError && err.message !== 'fetch failed') {
      throw new Error(`the request could not be made: ${err.message}`, { cause: err });
    }
    const isTimeout = err instanceof Error && err.name === 'TimeoutError';
    const what = isTimeout ? `no answer within ${Math.round(timeoutMs / 1000)} s` : 'the connection failed';
    throw new NetworkError(what, { cause: err, host: new URL(url).host });
  }
}

/** Retry-After header (seconds) to milliseconds. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/**
 * The wait before reconnect attempt `attempt` (0-based) of a dropped stream: exponential, capped, with
 * full jitter so many consoles dropped together do not reconnect in step.
 */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
