import type { Decision, LegClose, LegOrder } from '../strategies/decision.logic.js';
import type { MappingState } from './engine.types.js';

/** A decision that trades. */
export type TradeDecision = Exclude<Decision, { action: 'hold' }>;

/** A mapping and the trade its candle close (or a manual action) calls for. */
export interface Plan {
  mapping: MappingState;
  decision: TradeDecision;
}

/** The open legs a decision buys back, each in full or (`heldQuantity` set) in part. */
export const closesOf = (d: TradeDecision): LegClose[] => (d.action === 'enter' ? [] : d.close);
/** The legs a decision sells. */
export const opensOf = (d: TradeDecision): LegOrder[] => (d.action === 'squareOff' ? [] : d.open);
