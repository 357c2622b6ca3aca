/**
 * Prices of listed instruments at any second: indices straight from their walk, options by
 * Black–Scholes on the underlying's price at that same second (frozen at expiry). History and the live
 * feed both read `ltpPaise`/`aggregate`, so option candles equal aggregated option ticks too.
 *
 * NSE's indices and their options move only in NSE's session (market-session.ts): outside it their price
 * is the last session second's, candles cover session seconds only, and no volume trades. The walks run on
 * underneath, so the next session opens where the walk then stands (a gap, as markets open). The sandbox's
 * own 24×7 index and its options have no session.
 */
import { optionPremiumMinor, YEAR_MS } from './black-scholes.js';
import type { SandboxInstrument } from './instrument-universe.js';
import { isInSession, lastSessionSecond, sessionSlices, type MarketSession } from './market-session.js';
import { OPTION_TICK_PAISE, type OptionContract } from './option-chain.js';
import type { Ohlcv, PriceFeed } from './price-feed.js';
import { hashInts } from './price-hash.js';
import { SECONDS_PER_DAY } from './price-path.js';

/** A quote's day figures (IST day so far). `closePaise` is the previous day's close, as Kite reports it. */
export interface DayStats {
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  volume: number;
  averagePricePaise: number;
  lastQuantity: number;
}

/** Prices for every sandbox instrument. */
export interface InstrumentPricing {
  ltpPaise(instrument: SandboxInstrument, second: number): number;
  /** Exact OHLCV over seconds [fromSecond, toSecond); options stop at their expiry. */
  aggregate(instrument: SandboxInstrument, fromSecond: number, toSecond: number): Ohlcv | null;
  /** Day figures for quotes and ticks. Option high/low are estimated from the underlying's range. */
  dayStats(instrument: SandboxInstrument, second: number): DayStats;
  openInterest(instrument: SandboxInstrument, second: number): number;
  /** Contracts traded in `second` (0 for indices). */
  volumeAt(instrument: SandboxInstrument, second: number): number;
  /** Whether the instrument's price can move at `second` (inside its session, or it has none). */
  isTrading(instrument: SandboxInstrument, second: number): boolean;
  /** The second whose figures stand at `second`: itself while trading, else its session's last second. */
  standingSecond(instrument: SandboxInstrument, second: number): number;
  /** The option's underlying at `second` as the market shows it (standing still outside the session). */
  spotPaise(contract: OptionContract, second: number): number;
}

/** The session an instrument moves in; undefined for the sandbox's 24×7 instruments. */
export function sessionOf(instrument: SandboxInstrument): MarketSession | undefined {
  return instrument.kind === 'index' ? instrument.spec.session : instrument.contract.root.session;
}

/** Merges consecutive ranges' figures into one. */
function mergeOhlcv(parts: readonly (Ohlcv | null)[]): Ohlcv | null {
  let merged: Ohlcv | null = null;
  for (const p of parts) {
    if (!p) continue;
    merged = merged
      ? {
          open: merged.open,
          high: Math.max(merged.high, p.high),
          low: Math.min(merged.low, p.low),
          close: p.close,
          volume: merged.volume + p.volume,
          quoteVolume: merged.quoteVolume + p.quoteVolume,
          trades: merged.trades + p.trades,
        }
      : { ...p };
  }
  return merged;
}

const IST_OFFSET_SECONDS = 19_800;

/** Start (unix seconds) of the IST day containing `second`. */
export function istDayStart(second: number): number {
  return Math.floor((second + IST_OFFSET_SECONDS) / SECONDS_PER_DAY) * SECONDS_PER_DAY - IST_OFFSET_SECONDS;
}

function expirySecond(c: OptionContract): number {
  return Math.floor(c.expiryMs / 1000);
}

/**
 * Implied-volatility shocks (a test and demo control): from `fromSecond` on, a root's options are priced at
 * `factor` × their usual volatility — premiums jump on both sides at once, as on a gap or an event, while
 * the index walks on. Earlier seconds keep their prices, so history stays what it was.
 */
export interface VolatilityShocks {
  shock(root: string, factor: number, fromSecond: number): void;
  factorAt(root: string, second: number): number;
}

export function createVolatilityShocks(): VolatilityShocks {
  const byRoot = new Map<string, Array<{ from: number; factor: number }>>();
  return {
    shock(root, factor, fromSecond) {
      const list = (byRoot.get(root) ?? []).filter((s) => s.from < fromSecond);
      byRoot.set(root, [...list, { from: fromSecond, factor }]);
    },
    factorAt(root, second) {
      let factor = 1;
      for (const s of byRoot.get(root) ?? []) if (s.from <= second) factor = s.factor;
      return factor;
    },
  };
}

const NO_SHOCKS: VolatilityShocks = { shock: () => undefined, factorAt: () => 1 };

/** The premium with `spot` at the time left from `second`; the volatility shock is the one of `shockSecond`. */
function premium(
  c: OptionContract,
  spot: number,
  second: number,
  shocks: VolatilityShocks,
  shockSecond = second,
): number {
  const years = Math.max(0, c.expiryMs - second * 1000) / YEAR_MS;
  return optionPremiumMinor({
    spot,
    strike: c.strikePaise,
    years,
    volatility: c.root.volatility * shocks.factorAt(c.root.root, shockSecond),
    type: c.type,
    tickMinor: OPTION_TICK_PAISE,
  });
}

/** Options trade a fixed size every few seconds, so volume over any range has a closed form. */
function optionTradePattern(c: OptionContract): { period: number; quantity: number } {
  const key = Math.floor(c.marketKey / 256);
  return { period: 3 + (key % 5), quantity: c.root.lotSize * (1 + (Math.floor(key / 5) % 3)) };
}

function optionVolume(c: OptionContract, from: number, to: number): number {
  const { period, quantity } = optionTradePattern(c);
  const end = Math.min(to, expirySecond(c) + 1);
  if (end <= from) return 0;
  return quantity * (Math.floor((end - 1) / period) - Math.floor((from - 1) / period));
}

class SandboxPricing implements InstrumentPricing {
  // A quote of 500 options on one underlying asks for the same day range 500 times.
  private readonly spotDays = new Map<string, Ohlcv | null>();

  constructor(
    private readonly feed: PriceFeed,
    private readonly seed: number,
    private readonly shocks: VolatilityShocks,
  ) {}

  ltpPaise(instrument: SandboxInstrument, second: number): number {
    return instrument.kind === 'index'
      ? this.feed.priceAt(instrument.walkKey, lastSessionSecond(instrument.spec.session, second))
      : this.optionLtp(instrument.contract, second);
  }

  aggregate(instrument: SandboxInstrument, from: number, to: number): Ohlcv | null {
    const slices = sessionSlices(sessionOf(instrument), from, to);
    return mergeOhlcv(
      slices.map(([a, b]) =>
        instrument.kind === 'index'
          ? this.feed.aggregate(instrument.walkKey, a, b)
          : this.aggregateOption(instrument.contract, a, b),
      ),
    );
  }

  isTrading(instrument: SandboxInstrument, second: number): boolean {
    return isInSession(sessionOf(instrument), second);
  }

  standingSecond(instrument: SandboxInstrument, second: number): number {
    return lastSessionSecond(sessionOf(instrument), second);
  }

  spotPaise(c: OptionContract, second: number): number {
    return this.feed.priceAt(c.root.underlyingKey, lastSessionSecond(c.root.session, second));
  }

  dayStats(instrument: SandboxInstrument, second: number): DayStats {
    if (instrument.kind === 'option') return this.optionDayStats(instrument.contract, second);
    // The day a quote shows is the latest session's, standing still after its close.
    const last = this.standingSecond(instrument, second);
    const dayStart = istDayStart(last);
    const { open, high, low } = this.aggregate(instrument, dayStart, last + 1) ?? this.flat(instrument, last);
    const close = this.ltpPaise(instrument, dayStart - 1);
    return {
      openPaise: open,
      highPaise: high,
      lowPaise: low,
      closePaise: close,
      volume: 0,
      averagePricePaise: 0,
      lastQuantity: 0,
    };
  }

  openInterest(instrument: SandboxInstrument, second: number): number {
    if (instrument.kind === 'index') return 0;
    const day = Math.floor((second + IST_OFFSET_SECONDS) / SECONDS_PER_DAY);
    return instrument.contract.root.lotSize * (500 + (hashInts(this.seed, instrument.marketKey, day) % 4000));
  }

  volumeAt(instrument: SandboxInstrument, second: number): number {
    if (instrument.kind === 'index' || !this.isTrading(instrument, second)) return 0;
    return optionVolume(instrument.contract, second, second + 1);
  }

  /** A range with one price (for a day whose session has not opened yet). */
  private flat(instrument: SandboxInstrument, second: number): Ohlcv {
    const p = this.ltpPaise(instrument, second);
    return { open: p, high: p, low: p, close: p, volume: 0, quoteVolume: 0, trades: 0 };
  }

  /**
   * The premium at `second`: Black–Scholes on the underlying and the time left at the second that stands
   * (the session's last, outside it); at and after expiry, the intrinsic value on the underlying's last price.
   */
  private optionLtp(c: OptionContract, second: number): number {
    const expiry = expirySecond(c);
    const at = lastSessionSecond(c.root.session, Math.min(second, expiry));
    const spot = this.feed.priceAt(c.root.underlyingKey, at);
    return premium(c, spot, second >= expiry ? expiry : at, this.shocks, at);
  }

  private spotDay(key: string, from: number, to: number): Ohlcv | null {
    const memo = `${key}|${from}|${to}`;
    if (!this.spotDays.has(memo)) {
      if (this.spotDays.size > 64) this.spotDays.clear();
      this.spotDays.set(memo, this.feed.aggregate(key, from, to));
    }
    return this.spotDays.get(memo) ?? null;
  }

  private aggregateOption(c: OptionContract, from: number, to: number): Ohlcv | null {
    const end = Math.min(to, expirySecond(c) + 1);
    if (end <= from) return null;
    const { period, quantity } = optionTradePattern(c);
    let open = 0;
    let high = -Infinity;
    let low = Infinity;
    let close = 0;
    let quoteVolume = 0;
    let trades = 0;
    for (let s = from; s < end; s++) {
      const p = this.optionLtp(c, s);
      if (s === from) open = p;
      if (p > high) high = p;
      if (p < low) low = p;
      close = p;
      if (s % period === 0) {
        quoteVolume += p * quantity;
        trades++;
      }
    }
    return { open, high, low, close, volume: optionVolume(c, from, end), quoteVolume, trades };
  }

  private optionDayStats(c: OptionContract, second: number): DayStats {
    // The day a quote shows is the latest session's, standing still after its close.
    const last = lastSessionSecond(c.root.session, second);
    const dayStart = istDayStart(last);
    const [opening] = sessionSlices(c.root.session, dayStart, last + 1)[0] ?? [last];
    const open = this.optionLtp(c, opening);
    const close = this.optionLtp(c, last);
    const spot = mergeOhlcv(
      sessionSlices(c.root.session, dayStart, last + 1).map(([a, b]) => this.spotDay(c.root.underlyingKey, a, b)),
    );
    const at = Math.min(last, expirySecond(c));
    // Premiums move with spot, so the day's spot extremes bound the premium's (time decay aside).
    const fromHigh = spot ? premium(c, spot.high, at, this.shocks) : close;
    const fromLow = spot ? premium(c, spot.low, at, this.shocks) : close;
    const high = Math.max(open, close, fromHigh, fromLow);
    const low = Math.min(open, close, fromHigh, fromLow);
    const volume = sessionSlices(c.root.session, dayStart, last + 1).reduce(
      (sum, [a, b]) => sum + optionVolume(c, a, b),
      0,
    );
    return {
      openPaise: open,
      highPaise: high,
      lowPaise: low,
      closePaise: this.optionLtp(c, dayStart - 1),
      volume,
      averagePricePaise: Math.round((open + high + low + close) / 4 / OPTION_TICK_PAISE) * OPTION_TICK_PAISE,
      lastQuantity: optionTradePattern(c).quantity,
    };
  }
}

/** Creates the pricing over `feed`; `seed` varies open interest between sandboxes. */
export function createInstrumentPricing(
  feed: PriceFeed,
  seed: number,
  shocks: VolatilityShocks = NO_SHOCKS,
): InstrumentPricing {
  return new SandboxPricing(feed, seed, shocks);
}
