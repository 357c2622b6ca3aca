import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DriftEpisode } from './reconcile.logic.js';

/**
 * The SQL of drift episodes (issue 27): each live account's current difference with its broker. Moving one is
 * a compare-and-set on what was read, so of several instances comparing the same account at once (the leader's
 * worker, a follower serving a screen) exactly one starts an episode, and only that one alerts it.
 */
export function createDriftEpisodesRepository(db: Kysely<DB>) {
  return {
    /** The open episode of each of the accounts that has one. */
    async episodesOf(userBrokerIds: readonly number[]): Promise<Map<number, DriftEpisode>> {
      if (userBrokerIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('reconcileDrifts')
        .select(['userBrokerId', 'shapeKey', 'since'])
        .where('userBrokerId', 'in', [...userBrokerIds])
        .execute();
      return new Map(rows.map((r) => [Number(r.userBrokerId), { shapeKey: r.shapeKey, since: Number(r.since) }]));
    },

    /**
     * Moves the account from the episode read (`previous`) to `next`; true when this call made the move, false
     * when another instance moved it first (or it already was `next`).
     */
    async move(userBrokerId: number, previous: DriftEpisode | null, next: DriftEpisode | null): Promise<boolean> {
      if (next === null) {
        const gone = await db.deleteFrom('reconcileDrifts').where('userBrokerId', '=', userBrokerId).executeTakeFirst();
        return Number(gone.numDeletedRows) > 0;
      }
      if (previous === null) {
        const added = await db
          .insertInto('reconcileDrifts')
          .values({ userBrokerId, shapeKey: next.shapeKey, since: next.since })
          .onConflict((oc) => oc.column('userBrokerId').doNothing())
          .returning('userBrokerId')
          .executeTakeFirst();
        return added !== undefined;
      }
      const changed = await db
        .updateTable('reconcileDrifts')
        .set({ shapeKey: next.shapeKey, since: next.since })
        .where('userBrokerId', '=', userBrokerId)
        .where('shapeKey', '=', previous.shapeKey)
        .where('since', '=', previous.since)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },
  };
}

export type DriftEpisodesRepository = ReturnType<typeof createDriftEpisodesRepository>;
