import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A strategy's signal token as stored: the token's hash, never the token; the secret sealed. */
export interface SignalTokenRow {
  id: number;
  mappingId: number;
  userId: number;
  secretSealed: string;
}

/**
 * What became of a key: claimed by this signal, or its stored outcome (null while the first signal with it is
 * still being acted on, or was cut off) and when it was claimed.
 */
export type KeyClaim = { isClaimed: true } | { isClaimed: false; outcome: string | null; claimedAt: number };

/** All SQL of the signals domain. */
export function createSignalsRepository(db: Kysely<DB>) {
  return {
    async findByHash(tokenHash: string): Promise<SignalTokenRow | undefined> {
      const row = await db
        .selectFrom('signalTokens')
        .select(['id', 'mappingId', 'userId', 'secretSealed'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row && { ...row, id: Number(row.id), mappingId: Number(row.mappingId), userId: Number(row.userId) };
    },

    /**
     * The strategy's one token, replaced: the old token, secret and keys go in the same transaction, so the
     * old pair stops working the moment the new one is answered.
     */
    async replace(row: { mappingId: number; userId: number; tokenHash: string; secretSealed: string; at: number }) {
      await db.transaction().execute(async (trx) => {
        const old = await trx.selectFrom('signalTokens').select('id').where('mappingId', '=', row.mappingId).execute();
        const ids = old.map((o) => Number(o.id));
        if (ids.length > 0) {
          await trx.deleteFrom('signalKeys').where('tokenId', 'in', ids).execute();
          await trx.deleteFrom('signalTokens').where('id', 'in', ids).execute();
        }
        await trx
          .insertInto('signalTokens')
          .values({
            mappingId: row.mappingId,
            userId: row.userId,
            tokenHash: row.tokenHash,
            secretSealed: row.secretSealed,
            createdAt: row.at,
          })
          .execute();
      });
    },

    /** A token whose strategy is gone (or changed hands) is dropped with its keys. */
    async remove(tokenId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('signalKeys').where('tokenId', '=', tokenId).execute();
        await trx.deleteFrom('signalTokens').where('id', '=', tokenId).execute();
      });
    },

    /**
     * Claims an idempotency key for one action of a token. The primary key decides between concurrent
     * duplicates on either engine: exactly one insert lands; every other caller reads the key's outcome.
     */
    async claim(tokenId: number, action: string, key: string, at: number): Promise<KeyClaim> {
      const inserted = await db
        .insertInto('signalKeys')
        .values({ tokenId, action, idempotencyKey: key, receivedAt: at, outcome: null })
        .onConflict((oc) => oc.columns(['tokenId', 'action', 'idempotencyKey']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { isClaimed: true };
      const row = await db
        .selectFrom('signalKeys')
        .select(['outcome', 'receivedAt'])
        .where('tokenId', '=', tokenId)
        .where('action', '=', action)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
      // Gone between the insert and the read (the secret rotated): answered as a key still being acted on.
      if (!row) return { isClaimed: false, outcome: null, claimedAt: at };
      return { isClaimed: false, outcome: row.outcome, claimedAt: Number(row.receivedAt) };
    },

    /**
     * Settles a key still without an outcome, and answers the key's outcome after: this one's, or the one another
     * caller (a concurrent repeat, the first signal finishing late) wrote first. Never overwrites an outcome.
     */
    async settleIfOpen(tokenId: number, action: string, key: string, outcome: string): Promise<string> {
      await db
        .updateTable('signalKeys')
        .set({ outcome })
        .where('tokenId', '=', tokenId)
        .where('action', '=', action)
        .where('idempotencyKey', '=', key)
        .where('outcome', 'is', null)
        .execute();
      return (await this.outcomeOf(tokenId, action, key)) ?? outcome;
    },

    async outcomeOf(tokenId: number, action: string, key: string): Promise<string | null> {
      const row = await db
        .selectFrom('signalKeys')
        .select('outcome')
        .where('tokenId', '=', tokenId)
        .where('action', '=', action)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
      return row?.outcome ?? null;
    },

    async settle(tokenId: number, action: string, key: string, outcome: string): Promise<void> {
      await db
        .updateTable('signalKeys')
        .set({ outcome })
        .where('tokenId', '=', tokenId)
        .where('action', '=', action)
        .where('idempotencyKey', '=', key)
        .execute();
    },
  };
}

export type SignalsRepository = ReturnType<typeof createSignalsRepository>;
