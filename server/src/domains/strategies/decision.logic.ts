/**
 * What a strategy type's rules decide on a candle close (or a trader's Realign), as the engine, the ledger and
 * the status line read it: an intent that trades, or a hold whose reason is one of a fixed list, each marked
 * ordinary (a trader expects it) or a problem (the row says why the strategy is not trading). Pure types and
 * lookups: the strategy folders import them, and import nothing else from here.
 */
import type { ChainOption, OptionType } from '../market-data/option-chain.service.js';

export type { ChainOption, OptionType };

/** An open leg as the rules see it. */
export interface OpenLeg {
  id: number;
  optionType: OptionType;
  tradingSymbol: string;
  exchange: string;
  strikePaise: number;
  expiry: string;
  /**
   * Net units sold, signed as fills are (SPEC §3): > 0 sold (short, every RDX leg), < 0 bought (long, a
   * multi-leg strategy's bought wing). So fills net per symbol = open legs = the broker's net position.
   */
  quantity: number;
  /** The price it was opened at, in paise (a leg's stop and target are set from it); absent where not read. */
  entryPricePaise?: number;
}

/** An order's side as the broker takes it. */
export type OrderSide = 'BUY' | 'SELL';

/** A leg to open: `quantity` units (positive) of an option on the chain, bought or sold. */
export interface LegOrder {
  option: ChainOption;
  side: OrderSide;
  quantity: number;
}

/**
 * A leg to close: its signed `quantity` (as {@link OpenLeg}'s). All of it, unless `heldQuantity` (signed the same)
 * says it holds more: then only that part (a smaller size on the same strike) and the rest stays open.
 */
export interface LegClose extends OpenLeg {
  heldQuantity?: number;
  /**
   * The price its rules judged it left at: a stop crossed inside a backtest's 1-minute candle exits at the stop (or
   * at the candle's open beyond it), and the backtest fills it there by its fill model. Live and paper send a market
   * order whatever it says.
   */
  exitPaise?: number;
}

/** The high and low of the underlying's candle a close decides on, in paise. */
export interface UnderlyingRange {
  highPaise: number;
  lowPaise: number;
}

/** One option's 1-minute candle, in paise: what a backtest knows of its price between two closes. */
export interface OptionCandle {
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
}

/** An opened leg's signed quantity (> 0 sold, < 0 bought), as its leg row and its fills carry it. */
export const signedQuantityOf = (order: Pick<LegOrder, 'side' | 'quantity'>): number =>
  order.side === 'SELL' ? order.quantity : -order.quantity;

/** The side that closes a leg of signed `quantity`: a sold leg is bought back, a bought leg sold. */
export const closingSideOf = (quantity: number): OrderSide => (quantity < 0 ? 'SELL' : 'BUY');

/** Whether a close takes only part of its leg (`heldQuantity` holds more units than it closes). */
export const isPartClose = (l: Pick<LegClose, 'quantity' | 'heldQuantity'>): boolean =>
  l.heldQuantity !== undefined && Math.abs(l.quantity) < Math.abs(l.heldQuantity);

/** Whether a hold is what a trader expects (closed market, outside the window) or why it cannot trade. */
export type HoldKind = 'ordinary' | 'problem';

/** Every hold reason of a strategy type, each marked once: the one table trade problems are told by. */
export type HoldTable<Reason extends string> = Readonly<Record<Reason, HoldKind>>;

/** Holds the engine itself decides before a strategy's rules run (the NSE calendar, a stopped mapping). */
export const ENGINE_HOLDS = {
  'not running': 'ordinary',
  'market closed': 'ordinary',
  'outside window': 'ordinary',
} as const satisfies HoldTable<string>;
export type EngineHoldReason = keyof typeof ENGINE_HOLDS;

/** Why a strategy squares off everything it holds: its window ended, or a trader (or the engine) exits it. */
export type SquareOffReason = 'window end' | 'exit' | LegExitReason;

/**
 * A Multi-leg leg's own exit (issue 33): its stop-loss, its trailing stop or its target. It closes that leg only;
 * the rest stay.
 */
export type LegExitReason = 'stop-loss' | 'trailing-stop' | 'target';

/**
 * What the rules keep until their next decision (the type's `storage.memoColumn`): absent, the kept state stays
 * as it is; present, it is written before anything the decision sends.
 */
export interface Remembers {
  memo?: string;
}

/** A hold: its reason from the strategy's table; `detail` words one that names a strike or a contract. */
export interface Hold<Reason extends string = string> extends Remembers {
  action: 'hold';
  reason: Reason;
  detail?: string;
}

/** An intent that trades: a first entry, a move of the legs (or a resize), or a square-off. */
export type Intent = (
  | { action: 'enter'; atmPaise: number; open: LegOrder[] }
  | { action: 'realign'; atmPaise: number; close: LegClose[]; open: LegOrder[] }
  | { action: 'squareOff'; close: LegClose[]; reason: SquareOffReason }
) &
  Remembers;

export type Decision<Reason extends string = string> = Hold<Reason> | Intent;

/** Whether a realign nets to nothing: its legs already sit where it would put them (no order, no charge). */
export const tradesNothing = (d: { close: readonly unknown[]; open: readonly unknown[] }) =>
  d.close.length === 0 && d.open.length === 0;

/** A hold as a trader reads it ("no CE at strike 25100 for 2026-12-01", "within threshold"). */
export const holdWords = (hold: Hold): string => hold.detail ?? hold.reason;

/**
 * The problem a decision reports for its row, or null: an intent, or an ordinary hold, has none. A reason
 * missing from the table counts as a problem, so a new reason is never silently taken for an ordinary one.
 */
export function problemOf(decision: Decision, holds: HoldTable<string>): string | null {
  if (decision.action !== 'hold') return null;
  const kind = (holds as Record<string, HoldKind | undefined>)[decision.reason];
  return kind === 'ordinary' ? null : holdWords(decision);
}
