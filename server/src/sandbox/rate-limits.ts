/**
 * Request-rate limits and injected faults, so the product's retry and idempotency paths get exercised.
 * Limits count real elapsed time (not the sandbox clock): a test that pins the price clock must not
 * freeze the rate windows too.
 */

/**
 * Requests per second per API key (Kite reads), per user (Kite order requests) or per client (Binance),
 * by endpoint group; plus Kite's per-minute cap on order requests.
 */
export interface SandboxRateLimits {
  kiteQuote: number;
  kiteHistorical: number;
  kiteOrders: number;
  kiteOther: number;
  kiteLogin: number;
  binance: number;
  /** Order requests per user per sliding minute (Kite: 200). */
  kiteOrdersPerMinute: number;
}

/**
 * Kite's published limits: quote 1/s, historical 3/s, orders 10/s and 200/min, the rest 10/s
 * (docs/SANDBOX.md lists the sources).
 */
export const KITE_REAL_RATE_LIMITS: SandboxRateLimits = {
  kiteQuote: 1,
  kiteHistorical: 3,
  kiteOrders: 10,
  kiteOther: 10,
  kiteLogin: 10,
  binance: 20,
  kiteOrdersPerMinute: 200,
};

/**
 * The default: reads several times Kite's, so ordinary tests never trip them, yet a burst still gets 429.
 * Orders are never kinder than Kite's: since 1 April 2026 it enforces 10 a second strictly.
 */
export const DEFAULT_RATE_LIMITS: SandboxRateLimits = {
  kiteQuote: 10,
  kiteHistorical: 20,
  kiteOrders: 10,
  kiteOther: 50,
  kiteLogin: 50,
  binance: 100,
  kiteOrdersPerMinute: 200,
};

/** An endpoint group with its own per-second budget. */
export type RateGroup = Exclude<keyof SandboxRateLimits, 'kiteOrdersPerMinute'>;

/** Sliding one-second windows per (group, client), and a sliding minute for Kite's order requests. */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();
  /** Requests refused for the rate so far, by group (the order bench proves none of its orders were). */
  private readonly refused = new Map<RateGroup, number>();

  constructor(
    private readonly limits: SandboxRateLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records a request; false when it goes over the group's limit (the request must get 429). */
  tryTake(group: RateGroup, client: string): boolean {
    const t = this.now();
    const second = this.window(`${group}|${client}`, t, 1000);
    const minute = group === 'kiteOrders' ? this.window(`${group}/min|${client}`, t, 60_000) : null;
    const isAllowed =
      second.length < this.limits[group] && (minute === null || minute.length < this.limits.kiteOrdersPerMinute);
    if (isAllowed) {
      second.push(t);
      minute?.push(t);
    } else {
      this.refused.set(group, (this.refused.get(group) ?? 0) + 1);
    }
    return isAllowed;
  }

  /** How many requests each group has refused for the rate since the sandbox started. */
  refusals(): Partial<Record<RateGroup, number>> {
    return Object.fromEntries(this.refused);
  }

  /** The requests counted in the last `spanMs` under `key` (the stored list, trimmed). */
  private window(key: string, t: number, spanMs: number): number[] {
    const window = (this.windows.get(key) ?? []).filter((at) => t - at < spanMs);
    this.windows.set(key, window);
    return window;
  }
}

/**
 * `rate-limit` answers 429 without doing anything; `drop` closes the connection before handling;
 * `drop-after` handles the request (an order is placed) and then closes the connection instead of
 * answering — the lost reply a client must recover from by looking the order up.
 */
export type FaultKind = 'rate-limit' | 'drop' | 'drop-after';

/**
 * Where a fault applies: a whole service (`kite`, `kite-login`, `binance`), an endpoint group
 * (`kite.quote`, `kite.historical`, `kite.orders`, `kite.other`, `binance.klines`), order placements
 * only (`kite.orders.place`), trade lists or order histories only (`kite.other.trades`,
 * `kite.other.history`), or `*`.
 */
export type FaultTarget = string;

/** Queued faults, consumed one per matching request. */
export class FaultPlan {
  private readonly queued = new Map<FaultTarget, { kind: FaultKind; remaining: number }[]>();

  /** Makes the next `count` requests to `target` fail with `kind`. */
  failNext(target: FaultTarget, count: number, kind: FaultKind): void {
    const list = this.queued.get(target) ?? [];
    list.push({ kind, remaining: count });
    this.queued.set(target, list);
  }

  /** Takes the fault for a request matching any of `targets` (most specific first), if one is queued. */
  take(targets: readonly FaultTarget[]): FaultKind | null {
    for (const target of [...targets, '*']) {
      const list = this.queued.get(target);
      const head = list?.[0];
      if (!list || !head) continue;
      head.remaining -= 1;
      if (head.remaining <= 0) list.shift();
      return head.kind;
    }
    return null;
  }

  /** Forgets every queued fault. */
  clear(): void {
    this.queued.clear();
  }
}
