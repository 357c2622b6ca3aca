import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The trading session of every instrument, which session-aligned (Kite) candles count from. */
export function createInstrumentSessionsRepository(db: Kysely<DB>) {
  return {
    list() {
      return db.selectFrom('instruments').select(['instrumentToken', 'timezone', 'marketOpenTime']).execute();
    },
  };
}
