import { AppError } from '../../platform/errors.js';

/*
 * The fence behind the mapping lock (DESIGN §9, migration 202611260008). A console's lock lives on a
 * PostgreSQL connection of its own; if that connection drops, PostgreSQL frees the lock while the console
 * is still deciding, and another console may take it and trade. Every write that opens legs or sends a
 * broker order therefore moves the strategy's position version on from the value it read under the lock,
 * in the same transaction as the write; the later of two such writers finds it moved and writes nothing.
 */

/** What the trader reads when an action lost its strategy to another one mid-way (the 409's message). */
export const STALE_POSITION_MESSAGE = 'The strategy changed while this action ran; look at it again before acting';

/** What a strategy's row says when a candle close left it alone for that reason. */
export const STALE_POSITION_NOTE =
  'another action traded the strategy while this close decided; the next close decides again';

/** A write on a read older than the strategy's position: refused, its transaction rolled back. */
export class StalePositionError extends AppError {
  constructor(readonly mappingIds: readonly number[]) {
    super(409, 'CONFLICT', STALE_POSITION_MESSAGE);
  }
}
