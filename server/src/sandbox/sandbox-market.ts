/**
 * What the sandbox lists: Kite indices with their option chains, and Binance spot symbols.
 * Index tokens keep Kite's rule that the low byte is the segment (9 = indices), so decoders treat them
 * as untradable indices exactly as for the real NIFTY 50 (256265 = 1001 × 256 + 9).
 */
import type { MarketSession } from './market-session.js';
import { NSE_FO_HOLIDAYS } from './nse-trading-holidays.js';
import type { OptionRootSpec } from './option-chain.js';
import type { WalkSpec } from './price-path.js';

/** An index listed in the Kite instruments dump (segment INDICES, exchange NSE). */
export interface KiteIndexSpec {
  instrumentToken: number;
  exchangeToken: number;
  tradingsymbol: string;
  name: string;
  walk: WalkSpec;
  /** When it moves (NSE's session); absent: around the clock (the sandbox's own index). */
  session?: MarketSession;
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

/**
 * NSE's normal market: 09:15 to 15:30 IST on trading days, for index options and the indices' values alike
 * (NSE's published trading hours; the pre-open call auction is for equities, not index options). Kite's
 * NIFTY 50 and NIFTY BANK neither tick nor form candles outside it (docs/SANDBOX.md).
 */
const NSE_SESSION: MarketSession = { openMinuteIst: 555, closeMinuteIst: 930, holidays: NSE_FO_HOLIDAYS };

/** The indices in the Kite instruments dump (segment INDICES, exchange NSE). */
export const KITE_INDICES: readonly KiteIndexSpec[] = [
  {
    instrumentToken: 256265,
    exchangeToken: 1001,
    tradingsymbol: 'NIFTY 50',
    name: 'NIFTY 50',
    walk: index('NIFTY 50', 2_400_000, 0.14),
    session: NSE_SESSION,
  },
  {
    instrumentToken: 260105,
    exchangeToken: 1016,
    tradingsymbol: 'NIFTY BANK',
    name: 'NIFTY BANK',
    walk: index('NIFTY BANK', 5_200_000, 0.16),
    session: NSE_SESSION,
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

const strikes = { strikesEachSide: 30 } as const;

/**
 * The option roots, as NSE lists them on 23 Nov 2026 (sources in docs/SANDBOX.md, "Exchange rules"):
 * - Lots: NIFTY 65, BANKNIFTY 30, from the January 2026 expiries (NSE circular NSE/FAOP/70616, 3 Oct 2025,
 *   "Revision in market lot of derivative contracts on indices"; also FINNIFTY 60, MIDCPNIFTY 120, which
 *   the sandbox does not list). No later index revision was found up to Aug 2026.
 * - Expiries: NIFTY weekly on Tuesdays, and BANKNIFTY monthly only, on the last Tuesday of the month
 *   (Tuesday from 1 Sep 2025, NSE circulars of June 2025, NSE/FAOP/68747; BANKNIFTY weeklies ended
 *   13 Nov 2024, NSE circular of 10 Oct 2024). A Tuesday holiday moves the expiry to the previous trading
 *   day, e.g. 24 Nov 2026 (Guru Nanak Jayanti) to Monday 23 Nov.
 * - SANDBOX is the sandbox's own 24×7 index: Fridays at the end of the day, no holidays, lot 50.
 * The console's seed copies the NIFTY and BANKNIFTY lots (server/src/db/seed.ts); the morning dump refresh
 * keeps them in step with this file.
 */
export const OPTION_ROOTS: readonly OptionRootSpec[] = [
  {
    root: 'NIFTY',
    rootId: 0,
    underlyingKey: 'NIFTY 50',
    strikeStepPaise: 5_000,
    lotSize: 65,
    expiryCycle: 'weekly',
    expiryWeekday: 2,
    holidays: NSE_FO_HOLIDAYS,
    expiryMinuteIst: 930,
    session: NSE_SESSION,
    expiryCount: 4,
    volatility: 0.14,
    ...strikes,
  },
  {
    root: 'BANKNIFTY',
    rootId: 1,
    underlyingKey: 'NIFTY BANK',
    strikeStepPaise: 10_000,
    lotSize: 30,
    expiryCycle: 'monthly',
    expiryWeekday: 2,
    holidays: NSE_FO_HOLIDAYS,
    expiryMinuteIst: 930,
    session: NSE_SESSION,
    // NSE's near, next and far months (it also lists quarterlies, which the sandbox leaves out).
    expiryCount: 3,
    volatility: 0.16,
    ...strikes,
  },
  {
    root: 'SANDBOX',
    rootId: 2,
    underlyingKey: 'SANDBOX24X7',
    strikeStepPaise: 5_000,
    lotSize: 50,
    expiryCycle: 'weekly',
    expiryWeekday: 5,
    holidays: new Set(),
    expiryMinuteIst: 1440,
    expiryCount: 4,
    volatility: 0.2,
    ...strikes,
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
