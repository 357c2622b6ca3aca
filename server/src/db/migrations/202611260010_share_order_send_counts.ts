import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * Each broker account's order requests of the last minute (epoch ms, oldest first), counted where every
 * console sees them: Kite's 10 a second and 200 a minute are per account, and two consoles sending for
 * one account at once (the leader's entries, a trader's realign on another console) would each keep to
 * them alone and together exceed them. One row per account, locked while a console takes a turn
 * (order-send-ledger.ts). SQLite serves one process, which counts in memory.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create table order_send_windows (
      user_broker_id integer primary key references user_brokers (id) on delete cascade,
      sent_at_ms bigint[] not null default '{}'
    )`.execute(db);
}
