import { sql, type Kysely } from 'kysely';
import type { SharedState } from '../../db/shared-state.js';
import type { DB } from '../../db/schema.js';
import type { ObjectKind } from './audit.catalog.js';
import { fieldsOf, type Fields } from './audit.logic.js';
import { strategyTypeOf } from '../strategies/strategy-registry.js';

/** An object as the log records it, and whose it is (for that user's own trail). */
export interface Snapshot {
  fields: Fields;
  ownerUserId: number | null;
}

type Row = Record<string, unknown> | undefined;

/** A row's fields without the columns that only link it (the owner is recorded apart). */
function snapshot(row: Row, ownerColumn: string | null, linkColumns: string[] = []): Snapshot | null {
  if (!row) return null;
  const fields = fieldsOf(row);
  for (const column of linkColumns) delete fields[column];
  const owner = ownerColumn === null ? null : Number(row[ownerColumn]);
  return { fields, ownerUserId: owner || null };
}

/**
 * Reads the objects control actions change, before and after each action, so the log can say which fields
 * changed. Read-only, across the other domains' tables: the audit log observes, it never writes there.
 */
export function createSnapshotsRepository(db: Kysely<DB>, shared: Pick<SharedState, 'killSwitch'>) {
  const loaders: Record<Exclude<ObjectKind, 'kill_switch'>, (id: number) => Promise<Snapshot | null>> = {
    user: async (id) =>
      snapshot(await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(), 'id'),
    user_broker: async (id) =>
      snapshot(await db.selectFrom('userBrokers').selectAll().where('id', '=', id).executeTakeFirst(), 'userId'),
    instrument: async (id) =>
      snapshot(await db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst(), null),
    holiday: async (id) =>
      snapshot(await db.selectFrom('marketHolidays').selectAll().where('id', '=', id).executeTakeFirst(), null),
    // Its author is the entry's actor; `created_by` would only repeat it as a changed field.
    mapping: async (id) =>
      snapshot(
        await db.selectFrom('userStrategyMappings').selectAll().where('id', '=', id).executeTakeFirst(),
        'userId',
        // The position version is the engine's fence, moved by every trade: not a setting anyone changes.
        ['created_by', 'position_version'],
      ),
    // A strategy's settings (the `rdx_config` kind names the first type's): its type's own row, found through the
    // registry, keyed by its mapping as the routes address it; the owner is the mapping's.
    rdx_config: async (id) => {
      const mapping = await db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('strategies as s', 's.id', 'm.strategyId')
        // Saved with the settings, kept on the mapping (every strategy type's decides on one).
        .select(['m.userId', 'm.interval', 's.name'])
        .where('m.id', '=', id)
        .executeTakeFirst();
      const type = mapping ? strategyTypeOf(mapping.name) : null;
      if (!mapping || !type) return null;
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(type.storage.table)}
        where mapping_id = ${id}`.execute(db);
      const [row] = rows;
      return row
        ? snapshot({ ...row, interval: mapping.interval, ownerId: mapping.userId }, 'ownerId', [
            'owner_id',
            'mapping_id',
          ])
        : null;
    },
    live_config: async (id) =>
      snapshot(await db.selectFrom('liveDataConfigs').selectAll().where('id', '=', id).executeTakeFirst(), null),
    alert_channels: async (id) =>
      snapshot(await db.selectFrom('alertChannels').selectAll().where('userId', '=', id).executeTakeFirst(), 'userId', [
        'user_id',
      ]),
  };

  return {
    async load(kind: ObjectKind, id: number | null): Promise<Snapshot | null> {
      if (kind === 'kill_switch') {
        const state = await shared.killSwitch.get();
        return { fields: { engaged: state.engaged }, ownerUserId: null };
      }
      return id === null ? null : loaders[kind](id);
    },
    async usernameOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
    async userIdOf(username: string): Promise<number | null> {
      const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
      return row?.id ?? null;
    },
  };
}

export type SnapshotsRepository = ReturnType<typeof createSnapshotsRepository>;
