import type { Decision, LegClose, LegOrder } from '../strategies/decision.logic.js';
import type { MappingState } from './engine.types.js';
import type { OrderAuthor } from './order-trace.logic.js';

/** A decision that trades. */
export type TradeDecision = Exclude<Decision, { action: 'hold' }>;

/** A mapping and the trade its candle close (or a manual action) calls for. */
export interface Plan {
  mapping: MappingState;
  decision: TradeDecision;
  /**
   * Who asked for it and the underlying's price it was decided on, for each order's trace (issue 31 item 7);
   * absent: the console itself (a limit, the kill switch, the chase), no price.
   */
  origin?: {
    author: OrderAuthor;
    underlyingPaise: number | null;
    /** Why a square-off squares off when more than its decision says (a limit, the kill switch): its stop reason. */
    because?: string;
  };
}

/** The open legs a decision buys back, each in full or (`heldQuantity` set) in part. */
export const closesOf = (d: TradeDecision): LegClose[] => (d.action === 'enter' ? [] : d.close);
/** The legs a decision sells. */
export const opensOf = (d: TradeDecision): LegOrder[] => (d.action === 'squareOff' ? [] : d.open);
