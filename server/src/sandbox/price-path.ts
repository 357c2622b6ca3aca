/**
 * The sandbox's price model, pure: the price of an underlying at any second is a function of
 * (seed, underlying, second) alone.
 *
 * Each UTC day d is a random walk of per-second increments (hashes of seed, underlying, day, second),
 * bent into a Brownian bridge from anchor(d) at 00:00:00 to anchor(d + 1) at the next midnight, so days
 * join without a gap. Anchors are a 20-day moving sum of hashed normals around the base price: they
 * drift like a market (≈1 % a day) yet never wander off, however long the sandbox runs.
 * History and the live stream read the same paths, so candles always equal aggregated ticks.
 */
import { hashInts, hashString, mix32, normalFromHash, uniformFromHash } from './price-hash.js';

/** How one underlying moves. Prices are integer minor units (paise, cents). */
export interface WalkSpec {
  /** Stable name hashed into every draw, e.g. `NIFTY 50`, `BTCUSDT`. */
  key: string;
  basePriceMinor: number;
  /** Every price is a multiple of this (5 paise = ₹0.05; 1 cent). */
  tickMinor: number;
  annualVolatility: number;
  /** Mean traded quantity per second in the symbol's quantity units; 0 for indices. */
  meanVolumePerSecond: number;
}

/** One UTC day of per-second prices (and volumes, when the underlying trades). */
export interface DayPath {
  day: number;
  prices: Int32Array;
  volumes: Uint16Array | null;
}

/** Price steps per UTC day (one a second). */
export const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_YEAR = 365 * SECONDS_PER_DAY;
const ANCHOR_WINDOW_DAYS = 20;
const ANCHOR_AMPLITUDE = 0.04;
const GOLDEN = 0x9e3779b1;

function specHash(seed: number, spec: WalkSpec): number {
  return hashInts(seed, hashString(spec.key));
}

/** Rounds to the nearest multiple of `tick`, never below one tick. */
export function roundToTick(value: number, tick: number): number {
  return Math.max(tick, Math.round(value / tick) * tick);
}

/** The price at 00:00:00 UTC of `day` (days since the epoch). */
export function anchorPriceMinor(seed: number, spec: WalkSpec, day: number): number {
  const base = hashInts(specHash(seed, spec), 0xa11c);
  let sum = 0;
  for (let k = 0; k < ANCHOR_WINDOW_DAYS; k++) sum += normalFromHash(hashInts(base, day - k));
  const level = sum / Math.sqrt(ANCHOR_WINDOW_DAYS);
  return roundToTick(spec.basePriceMinor * Math.exp(ANCHOR_AMPLITUDE * level), spec.tickMinor);
}

function buildVolumes(dayHash: number, mean: number): Uint16Array {
  const volumes = new Uint16Array(SECONDS_PER_DAY);
  const span = 2 * mean + 1;
  for (let s = 0; s < SECONDS_PER_DAY; s++) {
    volumes[s] = Math.floor(uniformFromHash(mix32((dayHash ^ 0x55555555) + Math.imul(s, GOLDEN))) * span);
  }
  return volumes;
}

/** Builds the per-second prices of one UTC day (about a millisecond of work; callers cache it). */
export function buildDayPath(seed: number, spec: WalkSpec, day: number): DayPath {
  const n = SECONDS_PER_DAY;
  const sigma = (spec.basePriceMinor * spec.annualVolatility) / Math.sqrt(SECONDS_PER_YEAR);
  const dayHash = hashInts(specHash(seed, spec), day);
  const walk = new Float64Array(n + 1);
  for (let s = 1; s <= n; s++) {
    walk[s] = (walk[s - 1] as number) + sigma * normalFromHash(mix32(dayHash + Math.imul(s, GOLDEN)));
  }
  const from = anchorPriceMinor(seed, spec, day);
  const to = anchorPriceMinor(seed, spec, day + 1);
  // The bridge: subtract the walk's own end point pro rata and add the straight line between anchors.
  const slope = (to - from - (walk[n] as number)) / n;
  const prices = new Int32Array(n);
  for (let s = 0; s < n; s++) prices[s] = roundToTick(from + slope * s + (walk[s] as number), spec.tickMinor);
  const volumes = spec.meanVolumePerSecond > 0 ? buildVolumes(dayHash, spec.meanVolumePerSecond) : null;
  return { day, prices, volumes };
}
