/**
 * What the sandbox lists: Kite indices with weekly option chains, and Binance spot symbols.
 * Index tokens keep Kite's rule that the low byte is the segment (9 = indices), so decoders treat them
 * as untradable indices exactly as for the real NIFTY 50 (256265 = 1001 × 256 + 9).
 */
import type { OptionRootSpec } from './option-chain.js';
import type { WalkSpec } from './price-path.js';

/** An index listed in the Kite instruments dump (segment INDICES, exchange NSE). */
export interface KiteIndexSpec {
  instrumentToken: number;
  exchangeToken: number;
  tradingsymbol: string;
  name: string;
  walk: WalkSpec;
}

/** A Binance spot symbol. Prices are cents (two decimals); quantities have `quantityDecimals`. */
export interface BinanceSymbolSpec {
  symbol: string;
  quantityDecimals: number;
  walk: WalkSpec;
}

const index = (key: string, basePriceMinor: number, annualVolatility: number): WalkSpec => ({
  key,
  basePriceMinor,
  tickMinor: 5,
  annualVolatility,
  meanVolumePerSecond: 0,
});

/** The indices in the Kite instruments dump (segment INDICES, exchange NSE). */
export const KITE_INDICES: readonly KiteIndexSpec[] = [
  {
    instrumentToken: 256265,
    exchangeToken: 1001,
    tradingsymbol: 'NIFTY 50',
    name: 'NIFTY 50',
    walk: index('NIFTY 50', 2_400_000, 0.14),
  },
  {
    instrumentToken: 260105,
    exchangeToken: 1016,
    tradingsymbol: 'NIFTY BANK',
    name: 'NIFTY BANK',
    walk: index('NIFTY BANK', 5_200_000, 0.16),
  },
  {
    // 386719 × 256 + 9: the sandbox's own index, trading around the clock.
    instrumentToken: 99_000_073,
    exchangeToken: 386_719,
    tradingsymbol: 'SANDBOX24X7',
    name: 'SANDBOX 24x7',
    walk: index('SANDBOX24X7', 1_000_000, 0.2),
  },
];

const chain = { strikesEachSide: 30, weeklyExpiries: 4 } as const;

/** Weekly chains. NIFTY expires on Tuesdays, BANKNIFTY on Wednesdays, SANDBOX on Fridays at day end. */
export const OPTION_ROOTS: readonly OptionRootSpec[] = [
  {
    root: 'NIFTY',
    rootId: 0,
    underlyingKey: 'NIFTY 50',
    strikeStepPaise: 5_000,
    lotSize: 75,
    expiryWeekday: 2,
    expiryMinuteIst: 930,
    volatility: 0.14,
    ...chain,
  },
  {
    root: 'BANKNIFTY',
    rootId: 1,
    underlyingKey: 'NIFTY BANK',
    strikeStepPaise: 10_000,
    lotSize: 35,
    expiryWeekday: 3,
    expiryMinuteIst: 930,
    volatility: 0.16,
    ...chain,
  },
  {
    root: 'SANDBOX',
    rootId: 2,
    underlyingKey: 'SANDBOX24X7',
    strikeStepPaise: 5_000,
    lotSize: 50,
    expiryWeekday: 5,
    expiryMinuteIst: 1440,
    volatility: 0.2,
    ...chain,
  },
];

/** The Binance spot symbols served. */
export const BINANCE_SYMBOLS: readonly BinanceSymbolSpec[] = [
  {
    symbol: 'BTCUSDT',
    quantityDecimals: 5,
    walk: { key: 'BTCUSDT', basePriceMinor: 9_500_000, tickMinor: 1, annualVolatility: 0.5, meanVolumePerSecond: 500 },
  },
  {
    symbol: 'ETHUSDT',
    quantityDecimals: 4,
    walk: { key: 'ETHUSDT', basePriceMinor: 350_000, tickMinor: 1, annualVolatility: 0.6, meanVolumePerSecond: 2000 },
  },
];

/** Every price walk the sandbox runs. */
export const ALL_WALKS: readonly WalkSpec[] = [
  ...KITE_INDICES.map((i) => i.walk),
  ...BINANCE_SYMBOLS.map((s) => s.walk),
];
