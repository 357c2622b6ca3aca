import type { Kysely } from 'kysely';
import { RUNNING_STATUS } from '@app/contract';
import type { DB } from '../../db/schema.js';

/** The SQL of strategies paused on a broker difference (issue 27), besides the pause itself (limits.repository). */
export function createDriftPauseRepository(db: Kysely<DB>) {
  return {
    /**
     * Live strategies on the accounts paused on a broker difference, each with its note and the symbols of its
     * open legs (none: no row for the symbol).
     */
    async driftPausedOn(userBrokerIds: readonly number[]) {
      if (userBrokerIds.length === 0) return [];
      const rows = await db
        .selectFrom('userStrategyMappings as m')
        .leftJoin('strategyLegs as l', (j) => j.onRef('l.mappingId', '=', 'm.id').on('l.status', '=', 'open'))
        .select(['m.id', 'm.userId', 'm.userBrokerId', 'm.stopNote', 'l.tradingSymbol'])
        .where('m.userBrokerId', 'in', [...userBrokerIds])
        .where('m.isDummy', '=', 0)
        .where('m.runningStatus', '=', RUNNING_STATUS.PAUSED)
        .where('m.stopReason', '=', 'broker_drift')
        .orderBy('m.id')
        .execute();
      return rows.map((r) => ({ ...r, userBrokerId: Number(r.userBrokerId) }));
    },

    /** The paused row's note: what still differs, or null once nothing does (it may then be resumed). */
    async setDriftNote(mappingId: number, note: string | null) {
      await db
        .updateTable('userStrategyMappings')
        .set({ stopNote: note === null ? null : note.slice(0, 500) })
        .where('id', '=', mappingId)
        .where('runningStatus', '=', RUNNING_STATUS.PAUSED)
        .where('stopReason', '=', 'broker_drift')
        .execute();
    },
  };
}

export type DriftPauseRepository = ReturnType<typeof createDriftPauseRepository>;
