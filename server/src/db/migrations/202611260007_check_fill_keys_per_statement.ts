import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/** A PostgreSQL identifier, quoted. */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PostgreSQL checks a foreign key with a trigger per row: a 10,000-strategy candle close writes 20,000 legs
 * and 20,000 fills, and their four keys cost 80,000 lookups, about 150 ms of a close on a 2-core machine
 * (`npm run bench`, issue 10). The same rules now hold per statement: one set-based lookup for all the
 * rows a statement wrote, with the same `FOR KEY SHARE` lock a foreign key takes, so an owner, strategy or
 * order deleted at the same moment either waits for the writer or makes it fail, never leaves an orphan.
 *
 * What each dropped key did, and what now does it:
 * - strategy_legs.mapping_id → user_strategy_mappings (cascade): `keys_exist` on insert, `key_exists` on a
 *   changed key, `drop_strategy_children` deletes the legs with their strategy;
 * - transactions.user_id → users (cascade): the same, `drop_user_fills` deletes the owner's fills;
 * - transactions.mapping_id → user_strategy_mappings (set null): `drop_strategy_children` keeps the fills
 *   and forgets the strategy;
 * - transactions.order_id → broker_orders (set null): `forget_order_of_fills`.
 * A referenced id never changes (serial keys, never updated): `ids_never_change` refuses it outright.
 * Where a foreign key did more than a trigger can, the gap is closed by refusing:
 * - a parent deleted under repeatable read or serializable (its cascade could miss a child committed
 *   after the snapshot) is refused with 40001 (`deletes_see_every_child`); the console deletes at read
 *   committed, PostgreSQL's default;
 * - TRUNCATE fires no delete trigger, so a parent is truncated only once nothing refers to it
 *   (`truncate_only_unreferenced`).
 * The functions look tables up in the schema they were made in, so consoles in schemas of one database
 * stay apart. Errors carry SQLSTATE 23503, as a foreign key's do. SQLite's checks are cheap and its keys
 * stay. A data-only `pg_restore` now needs `--disable-triggers` (docs/DEPLOY.md).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // The functions look their tables up in this schema only, whatever the caller's search_path.
  const home = sql.raw(`set search_path = ${quoteIdent(rows[0]?.schema ?? 'public')}`);
  await sql`alter table strategy_legs drop constraint if exists strategy_legs_mapping_id_fkey`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_user_id_fkey`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_mapping_id_fkey`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_order_id_fkey`.execute(db);

  // Rows a statement inserted whose key (tg_argv[0]) names no row of the parent (tg_argv[1]), parents locked.
  await sql`create or replace function keys_exist() returns trigger language plpgsql ${home} as $fn$
    declare
      missing bigint;
    begin
      execute format(
        'with wanted as (select distinct %1$I as id from new_rows where %1$I is not null),
          held as (select p.id from %2$I p where p.id in (select id from wanted) for key share of p)
        select (select count(*) from wanted) - (select count(*) from held)', tg_argv[0], tg_argv[1]) into missing;
      if missing > 0 then
        raise foreign_key_violation using
          message = format('%s.%s names a %s row that does not exist', tg_table_name, tg_argv[0], tg_argv[1]);
      end if;
      return null;
    end $fn$`.execute(db);

  // One row whose key changed: the same check for its new value.
  await sql`create or replace function key_exists() returns trigger language plpgsql ${home} as $fn$
    declare
      wanted text := to_jsonb(new) ->> tg_argv[0];
      found boolean;
    begin
      if wanted is null then return new; end if;
      execute format('select true from %I p where p.id = $1::int for key share of p', tg_argv[1]) into found using wanted;
      if found is null then
        raise foreign_key_violation using
          message = format('%s.%s names a %s row that does not exist', tg_table_name, tg_argv[0], tg_argv[1]);
      end if;
      return new;
    end $fn$`.execute(db);

  // Read committed only: each statement below then sees children committed meanwhile, as a foreign key's
  // cascade would (it checks them against a fresh snapshot). Under repeatable read or serializable a
  // child committed after the snapshot would survive its parent, so such a delete is refused instead.
  await sql`create or replace function deletes_see_every_child() returns void language plpgsql as $fn$
    begin
      if current_setting('transaction_isolation') <> 'read committed' then
        raise serialization_failure using
          message = 'users, strategies and broker orders are deleted at read committed only',
          hint = 'their legs and fills are found per statement (migration 202611260007)';
      end if;
    end $fn$`.execute(db);

  await sql`create or replace function drop_strategy_children() returns trigger language plpgsql ${home} as $fn$
    begin
      if not exists (select 1 from old_rows) then return null; end if;
      perform deletes_see_every_child();
      delete from strategy_legs l using old_rows o where l.mapping_id = o.id;
      update transactions t set mapping_id = null from old_rows o where t.mapping_id = o.id;
      return null;
    end $fn$`.execute(db);

  await sql`create or replace function drop_user_fills() returns trigger language plpgsql ${home} as $fn$
    begin
      if not exists (select 1 from old_rows) then return null; end if;
      perform deletes_see_every_child();
      delete from transactions t using old_rows o where t.user_id = o.id;
      return null;
    end $fn$`.execute(db);

  await sql`create or replace function forget_order_of_fills() returns trigger language plpgsql ${home} as $fn$
    begin
      if not exists (select 1 from old_rows) then return null; end if;
      perform deletes_see_every_child();
      update transactions t set order_id = null from old_rows o where t.order_id = o.id and t.order_id is not null;
      return null;
    end $fn$`.execute(db);

  await sql`create or replace function ids_never_change() returns trigger language plpgsql as $fn$
    begin
      raise foreign_key_violation using message = format('%s ids never change', tg_table_name);
    end $fn$`.execute(db);

  for (const [table, column, parent] of [
    ['strategy_legs', 'mapping_id', 'user_strategy_mappings'],
    ['transactions', 'user_id', 'users'],
    ['transactions', 'mapping_id', 'user_strategy_mappings'],
    ['transactions', 'order_id', 'broker_orders'],
  ] as const) {
    await sql`create trigger ${sql.raw(`${table}_${column}_exists`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function keys_exist(${sql.lit(column)}, ${sql.lit(parent)})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_${column}_changed`)} before update of ${sql.ref(column)}
      on ${sql.table(table)} for each row when (new.${sql.ref(column)} is distinct from old.${sql.ref(column)})
      execute function key_exists(${sql.lit(column)}, ${sql.lit(parent)})`.execute(db);
  }
  await sql`create trigger strategy_children_dropped after delete on user_strategy_mappings
    referencing old table as old_rows for each statement execute function drop_strategy_children()`.execute(db);
  await sql`create trigger user_fills_dropped after delete on users
    referencing old table as old_rows for each statement execute function drop_user_fills()`.execute(db);
  await sql`create trigger order_forgotten_by_fills after delete on broker_orders
    referencing old table as old_rows for each statement execute function forget_order_of_fills()`.execute(db);
  // TRUNCATE fires no delete trigger: a parent is emptied only once nothing refers to it any more (a
  // foreign key refused it outright; `truncate … cascade` followed only the keys that remain).
  await sql`create or replace function truncate_only_unreferenced() returns trigger language plpgsql ${home} as $fn$
    declare
      referring boolean;
    begin
      execute format('select exists (%s)', tg_argv[0]) into referring;
      if referring then
        raise foreign_key_violation using
          message = format('%s is still referred to by legs or fills: empty those first', tg_table_name);
      end if;
      return null;
    end $fn$`.execute(db);
  for (const [parent, referring] of [
    ['users', 'select 1 from transactions union all select 1 from strategy_legs'],
    [
      'user_strategy_mappings',
      'select 1 from strategy_legs union all select 1 from transactions where mapping_id is not null',
    ],
    ['broker_orders', 'select 1 from transactions where order_id is not null'],
  ] as const) {
    await sql`create trigger ${sql.raw(`${parent}_truncated`)} before truncate on ${sql.table(parent)}
      for each statement execute function truncate_only_unreferenced(${sql.lit(referring)})`.execute(db);
  }
  for (const parent of ['users', 'user_strategy_mappings', 'broker_orders']) {
    await sql`create trigger ${sql.raw(`${parent}_id_fixed`)} before update of id on ${sql.table(parent)}
      for each row when (new.id is distinct from old.id) execute function ids_never_change()`.execute(db);
  }
}
