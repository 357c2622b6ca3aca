import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const MOVE = '202611280200_move_candle_interval_and_fence_to_mappings';

/** This version's migrations up to (not including) `name`. */
const before = (name: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name)) as typeof migrations;

// Issue 29: the candle interval and the position version move from RDX's table onto the mapping. A strategy
// configured and traded before the move must decide on the same interval, and its fence go on from where it was.
describe('the candle interval and position version moving onto the mapping', () => {
  it('carries every configured strategy’s interval and version over, and leaves an unconfigured one without', async () => {
    const database = await openTestDatabase();
    try {
      await migrateToLatest(database, undefined, before(MOVE));
      const db = database.db;
      await sql`insert into users (username, password_hash, role, created_at, updated_at)
        values ('mover', 'x', 'user', 0, 0)`.execute(db);
      await sql`insert into instruments (name, instrument_token, lot_size, created_at, updated_at)
        values ('MOVE INDEX', '990001', 65, 0, 0)`.execute(db);
      await sql`insert into strategies (name, description) values ('RDX-move', '')`.execute(db);
      const ids = async (table: string) =>
        (await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(db)).rows.map((r) =>
          Number(r.id),
        );
      const [userId] = await ids('users');
      const [instrumentId] = (await ids('instruments')).slice(-1);
      const [strategyId] = (await ids('strategies')).slice(-1);
      for (let i = 0; i < 2; i++) {
        await sql`insert into user_strategy_mappings (user_id, strategy_id, instrument_id, is_active, is_dummy,
            ce_count, pe_count, running_status, created_at, updated_at)
          values (${userId}, ${strategyId}, ${instrumentId}, 1, 1, 1, 1, 0, 0, 0)`.execute(db);
      }
      const [configured, bare] = await ids('user_strategy_mappings');
      await sql`insert into rdx_configs (mapping_id, rdx_lot_count, atm_value_paise, offset_value_paise, interval,
          position_version, created_at, updated_at)
        values (${configured}, 2, 2450000, 10000, '5m', 7, 0, 0)`.execute(db);

      await migrateToLatest(database);
      const { rows } = await sql<{ id: number; interval: string | null; version: number }>`
        select id, interval, position_version as version from user_strategy_mappings order by id`.execute(db);
      expect(rows.map((r) => [Number(r.id), r.interval, Number(r.version)])).toEqual([
        [configured, '5m', 7],
        [bare, null, 0],
      ]);
      // RDX's own settings stay in its table.
      const { rows: rdx } = await sql<{ lots: number; atm: number }>`
        select rdx_lot_count as lots, atm_value_paise as atm from rdx_configs`.execute(db);
      expect(rdx.map((r) => [Number(r.lots), Number(r.atm)])).toEqual([[2, 2450000]]);
    } finally {
      await database.drop();
    }
  });
});
