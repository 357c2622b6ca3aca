/**
 * How sandbox orders trade: against the instrument's synthetic depth at each one-second price step, within
 * the order's limit, at the levels' prices. What one order takes from a level at a second is gone for the
 * other orders of that second, so two orders cannot both fill against the same thin level. Everything is
 * a function of (seed, token, second) and the order of requests, so a run repeats exactly.
 */
import type { InstrumentPricing } from './instrument-pricing.js';
import type { UniverseSource } from './instrument-universe.js';
import { syntheticDepth, type Depth } from './kite-quotes.js';
import { marketClosedReason } from './market-hours.js';
import type { SandboxClock } from './sandbox-clock.js';

/** What the order book needs from the market. */
export interface DepthSource {
  /** The depth of `token` during `second`, or null when it does not trade then (expired, unknown, market shut). */
  depthAt(token: number, second: number): Depth | null;
}

/**
 * The depth orders see: the same levels `/quote` and the ticker show, while the contract's market is open
 * and until it expires. The sandbox's prices run at every hour, but NFO trades 09:15–15:30 IST on trading
 * days only: an order left resting at the close does not fill in the evening.
 */
export function createDepthSource(
  pricing: InstrumentPricing,
  universe: UniverseSource,
  clock: SandboxClock,
): DepthSource {
  return {
    depthAt(token, second) {
      const instrument = universe.resolveToken(token, clock.now());
      if (instrument?.kind !== 'option' || second * 1000 >= instrument.contract.expiryMs) return null;
      if (marketClosedReason(instrument.contract.root, second * 1000) !== null) return null;
      const last = pricing.ltpPaise(instrument, second);
      return syntheticDepth(instrument.marketKey, instrument.contract.root.lotSize, last, second);
    },
  };
}

/** A fill: `quantity` units at `pricePaise`. */
export interface Fill {
  quantity: number;
  pricePaise: number;
}

/** What an order asks of the depth. */
export interface Want {
  token: number;
  side: 'BUY' | 'SELL';
  limitPaise: number;
  quantity: number;
}

/**
 * The depth taken at recent seconds, as plain data: one row per (second, token|side) with the quantity
 * taken from each level, best first.
 */
export interface DepthLedgerSnapshot {
  newest: number;
  used: { second: number; key: string; levels: number[] }[];
}

/** Seconds of used depth kept; older steps are never matched again (see MAX_CATCH_UP_SECONDS). */
const KEEP_SECONDS = 900;

/** The depth already taken per (second, token, side, level). */
export class DepthLedger {
  private readonly used = new Map<number, Map<string, number[]>>();
  private newest = 0;

  /** A ledger that remembers what `snapshot` says was taken. */
  static fromSnapshot(snapshot: DepthLedgerSnapshot): DepthLedger {
    const ledger = new DepthLedger();
    ledger.newest = snapshot.newest;
    for (const { second, key, levels } of snapshot.used) {
      const bySecond = ledger.used.get(second) ?? new Map<string, number[]>();
      ledger.used.set(second, bySecond.set(key, [...levels]));
    }
    return ledger;
  }

  /** A copy of what was taken, as plain data. */
  toSnapshot(): DepthLedgerSnapshot {
    const used = [...this.used].flatMap(([second, bySecond]) =>
      // `?? 0` keeps the row dense for JSON should a level ever have been skipped.
      [...bySecond].map(([key, levels]) => ({ second, key, levels: Array.from(levels, (q) => q ?? 0) })),
    );
    return { newest: this.newest, used };
  }

  /**
   * Takes what `want` may have from `depth` at `second`: an offer (BUY) or bid (SELL) level at a time,
   * best first, while the level's price is within the limit and quantity remains.
   */
  take(want: Want, depth: Depth, second: number): Fill[] {
    const levels = want.side === 'BUY' ? depth.sell : depth.buy;
    const used = this.usedAt(second, `${want.token}|${want.side}`);
    const fills: Fill[] = [];
    let remaining = want.quantity;
    for (const [k, level] of levels.entries()) {
      if (remaining <= 0) break;
      const isWithin = want.side === 'BUY' ? level.pricePaise <= want.limitPaise : level.pricePaise >= want.limitPaise;
      if (!isWithin) break;
      const quantity = Math.min(remaining, level.quantity - (used[k] ?? 0));
      if (quantity <= 0) continue;
      used[k] = (used[k] ?? 0) + quantity;
      remaining -= quantity;
      fills.push({ quantity, pricePaise: level.pricePaise });
    }
    return fills;
  }

  private usedAt(second: number, key: string): number[] {
    if (second > this.newest) {
      this.newest = second;
      for (const s of this.used.keys()) if (s < second - KEEP_SECONDS) this.used.delete(s);
    }
    const bySecond = this.used.get(second) ?? new Map<string, number[]>();
    this.used.set(second, bySecond);
    const used = bySecond.get(key) ?? [];
    bySecond.set(key, used);
    return used;
  }
}
