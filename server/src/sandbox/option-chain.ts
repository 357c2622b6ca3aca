import { IST_OFFSET_MS, toRupees } from '@app/contract';
/**
 * Option chains for the sandbox, pure: the listed expiries (option-expiries.ts), Kite trading symbols and
 * instrument tokens.
 *
 * Tokens are computed, not allocated, so the same contract has the same token on every day and in every
 * process: 23 bits of (root slot 3 | expiry day 10 | strike index 9 | type 1), shifted left a byte with the
 * NFO segment id (2) in the low byte, as Kite tokens carry their segment (exchange_token = token >> 8).
 * 23 bits keep every token below 2^31, as Kite's are: the ticker's packets carry tokens as 32-bit integers
 * and clients (kiteconnect's KiteTicker among them) read them signed, so a token at or above 2^31 would
 * reach them negative. The root's slot is its id + 1, so every option token has nine digits
 * (≥ 268,435,458), like Kite's NFO tokens have eight or nine. The expiry day is kept modulo 1024 days and
 * the strike index modulo 512 steps: both are read back nearest to today and to the underlying's price.
 */
import type { OptionType } from './black-scholes.js';
import type { MarketSession } from './market-session.js';
import {
  dayNumber,
  dayString,
  expiryOn,
  istDayNumber,
  listedExpiries,
  type Expiry,
  type ExpiryRule,
} from './option-expiries.js';

/** How one option root is listed. Figures and their sources: sandbox-market.ts and docs/SANDBOX.md. */
export interface OptionRootSpec extends ExpiryRule {
  /** The name column and symbol prefix, e.g. `NIFTY`. */
  root: string;
  /** 0–3, packed into tokens. */
  rootId: number;
  /** The underlying's price-walk key. */
  underlyingKey: string;
  strikeStepPaise: number;
  /** Units per lot; every contract of the root has it (the sandbox lists no contract under an older lot). */
  lotSize: number;
  /** Minutes after IST midnight when contracts expire (930 = 15:30; 1440 = end of day). */
  expiryMinuteIst: number;
  /**
   * When the contracts trade and their prices move (NSE's normal market, 09:15–15:30 IST on trading days);
   * absent: at any time (the sandbox's own 24×7 root).
   */
  session?: MarketSession;
  strikesEachSide: number;
  /** How many expiries are listed, today's included. */
  expiryCount: number;
  volatility: number;
}

/** One listed option. */
export interface OptionContract {
  instrumentToken: number;
  exchangeToken: number;
  /**
   * What the contract's synthetic market (depth, volume, open interest) is hashed from: the number its token
   * was before tokens were kept below 2^31 (legacy-option-tokens.ts), so a seed's market stayed the same
   * when the tokens changed. Never sent to a client.
   */
  marketKey: number;
  tradingsymbol: string;
  root: OptionRootSpec;
  /** `YYYY-MM-DD` (IST). */
  expiry: string;
  /** The instant the contract expires (epoch ms). */
  expiryMs: number;
  strikePaise: number;
  type: OptionType;
}

const DAY_MS = 86_400_000;
/** Day 0 of the expiry field in tokens (1 Jan 2020). */
export const TOKEN_EPOCH_DAY = Date.UTC(2020, 0, 1) / DAY_MS;
const NFO_SEGMENT = 2;
const EXPIRY_DAYS = 0x400;
const STRIKE_STEPS = 0x200;
/** Bit positions in the 23-bit contract id. */
const STRIKE_SHIFT = 1;
const EXPIRY_SHIFT = 10;
const ROOT_SHIFT = 20;
/** Root ids 0–6 (slots 1–7). */
export const MAX_ROOT_ID = 6;
const MONTH_CODES = '123456789OND';
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Options trade in ₹0.05 steps. */
export const OPTION_TICK_PAISE = 5;

/** The IST calendar date of an instant, `YYYY-MM-DD`. */
export function istDateString(ms: number): string {
  return dayString(istDayNumber(ms));
}

/** The instant a contract expiring on `date` expires. */
export function expiryInstantMs(date: string, expiryMinuteIst: number): number {
  return dayNumber(date) * DAY_MS - IST_OFFSET_MS + expiryMinuteIst * 60_000;
}

/**
 * Kite's symbol: weekly `NIFTY25D0924500CE` (YY, month code 1-9/O/N/D, DD of the day it expires, moved or
 * not), monthly `NIFTY25DEC24500CE` (the month's contract, even when a holiday moved its day).
 */
export function optionTradingSymbol(root: string, expiry: Expiry, strikePaise: number, type: OptionType): string {
  const [y, m, d] = expiry.date.split('-') as [string, string, string];
  const month = Number(m) - 1;
  const strike = String(toRupees(strikePaise));
  const when = expiry.isMonthly ? `${y.slice(2)}${MONTH_NAMES[month]}` : `${y.slice(2)}${MONTH_CODES[month]}${d}`;
  return `${root}${when}${strike}${type}`;
}

/** The computed instrument token of a contract. */
export function optionInstrumentToken(
  root: OptionRootSpec,
  expiry: string,
  strikePaise: number,
  type: OptionType,
): number {
  if (root.rootId < 0 || root.rootId > MAX_ROOT_ID) throw new Error(`Option root id ${root.rootId} has no token slot`);
  const expiryIndex = (dayNumber(expiry) - TOKEN_EPOCH_DAY) & (EXPIRY_DAYS - 1);
  const strikeIndex = Math.round(strikePaise / root.strikeStepPaise) & (STRIKE_STEPS - 1);
  const id =
    ((root.rootId + 1) << ROOT_SHIFT) |
    (expiryIndex << EXPIRY_SHIFT) |
    (strikeIndex << STRIKE_SHIFT) |
    (type === 'PE' ? 1 : 0);
  // id < 2^23, so the token stays below 2^31 (multiplied, not shifted, to stay a plain positive number).
  return id * 256 + NFO_SEGMENT;
}

/**
 * The token a contract had in state-file version 1: 24 bits of (root id 2 | expiry day 11 | strike index 10 |
 * type 1) above the NFO byte, at or above 2^31 for many contracts. Kept as the contracts' market key and to
 * read version-1 state files (legacy-option-tokens.ts).
 */
export function legacyOptionToken(root: OptionRootSpec, expiry: string, strikePaise: number, type: OptionType): number {
  const expiryIndex = (dayNumber(expiry) - TOKEN_EPOCH_DAY) & 0x7ff;
  const strikeIndex = Math.round(strikePaise / root.strikeStepPaise) & 0x3ff;
  const id = (root.rootId & 0x3) * 0x400000 + expiryIndex * 0x800 + strikeIndex * 2 + (type === 'PE' ? 1 : 0);
  return id * 256 + NFO_SEGMENT;
}

/** The contract of `root` expiring on `expiry` at `strikePaise`, with its symbol and token. */
export function optionContract(
  root: OptionRootSpec,
  expiry: Expiry,
  strikePaise: number,
  type: OptionType,
): OptionContract {
  const instrumentToken = optionInstrumentToken(root, expiry.date, strikePaise, type);
  return {
    instrumentToken,
    exchangeToken: Math.floor(instrumentToken / 256),
    marketKey: legacyOptionToken(root, expiry.date, strikePaise, type),
    tradingsymbol: optionTradingSymbol(root.root, expiry, strikePaise, type),
    root,
    expiry: expiry.date,
    expiryMs: expiryInstantMs(expiry.date, root.expiryMinuteIst),
    strikePaise,
    type,
  };
}

/** The chain listed on the IST day of `nowMs`: the root's expiries from today, strikes around `centerPaise`. */
export function buildOptionChain(root: OptionRootSpec, nowMs: number, centerPaise: number): OptionContract[] {
  const step = root.strikeStepPaise;
  const atm = Math.round(centerPaise / step) * step;
  const contracts: OptionContract[] = [];
  for (const expiry of listedExpiries(root, nowMs, root.expiryCount)) {
    for (let k = -root.strikesEachSide; k <= root.strikesEachSide; k++) {
      const strike = atm + k * step;
      if (strike <= 0) continue;
      contracts.push(optionContract(root, expiry, strike, 'CE'), optionContract(root, expiry, strike, 'PE'));
    }
  }
  return contracts;
}

/** Nearest integer to `near` that is congruent to `value` modulo `modulus`. */
export function nearestCongruent(value: number, modulus: number, near: number): number {
  const offset = (((value - near) % modulus) + modulus + modulus / 2) % modulus;
  return near + offset - modulus / 2;
}

/**
 * Rebuilds a contract from its token alone, even one no longer listed (e.g. expired last week), so
 * history stays available. The expiry is taken nearest to `nowMs` and the strike nearest to
 * `referencePaise`; null when the token is not a valid option of `roots`.
 */
export function contractFromToken(
  token: number,
  roots: readonly OptionRootSpec[],
  nowMs: number,
  referencePaise: (root: OptionRootSpec) => number,
): OptionContract | null {
  if (!Number.isInteger(token) || token <= 0 || token >= 2 ** 31 || token % 256 !== NFO_SEGMENT) return null;
  const id = Math.floor(token / 256);
  const root = roots.find((r) => r.rootId + 1 === id >> ROOT_SHIFT);
  if (!root) return null;
  const today = istDayNumber(nowMs) - TOKEN_EPOCH_DAY;
  const expiryIndex = (id >> EXPIRY_SHIFT) & (EXPIRY_DAYS - 1);
  const expiry = expiryOn(root, dayString(nearestCongruent(expiryIndex, EXPIRY_DAYS, today) + TOKEN_EPOCH_DAY));
  if (!expiry) return null;
  const strikeIndex = nearestCongruent(
    (id >> STRIKE_SHIFT) & (STRIKE_STEPS - 1),
    STRIKE_STEPS,
    Math.round(referencePaise(root) / root.strikeStepPaise),
  );
  if (strikeIndex <= 0) return null;
  return optionContract(root, expiry, strikeIndex * root.strikeStepPaise, id & 1 ? 'PE' : 'CE');
}
