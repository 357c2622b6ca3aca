import type { Transaction as TransactionDto } from '@app/contract';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/client.js';
import { integerArray } from '../../db/pg-arrays.js';
import type { DB } from '../../db/schema.js';
import type { FillWriter } from '../ledger/fill-writer.service.js';
import { toTransaction } from '../transactions/transactions.presenter.js';
import type { MappingState, PaperFills, WrittenFill } from './engine.types.js';
import { StalePositionError } from './stale-position.js';

/*
 * A slice of a candle close's paper fills: the fills and their legs booked by the ledger's fill writer
 * (ledger/fill-writer/), each mapping's new ATM recorded beside them, all in one transaction. A crash can
 * neither lose nor double a fill.
 */

type Atm = PaperFills['atm'];

/** Ids per `in (…)` list. */
const IN_LIST = 500;

/**
 * SQLite: entries on one close share few ATMs, so one prepared UPDATE per strategy type, ATM and 500 mappings
 * instead of one per mapping, and one per 500 mappings moving their position versions on, without comparing
 * them: SQLite serves one process, whose in-process mapping lock cannot be lost mid-close (the fence matters
 * where a lock's connection can drop).
 */
function createSqliteAtms(raw: SqliteDatabase.Database) {
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const stmt = (text: string) => {
    let s = prepared.get(text);
    if (!s) {
      s = raw.prepare(text);
      prepared.set(text, s);
    }
    return s;
  };
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  return (atm: Atm, at: number) => {
    const ids = atm.map((a) => a.mappingId);
    for (let i = 0; i < ids.length; i += IN_LIST) {
      const chunk = ids.slice(i, i + IN_LIST);
      stmt(
        `update user_strategy_mappings set position_version = position_version + 1 where id in (${marks(chunk.length)})`,
      ).run(...chunk);
    }
    const groups = new Map<string, { anchor: Atm[number]['anchor']; value: number; ids: number[] }>();
    for (const a of atm) {
      const key = `${a.anchor.table}|${a.atmPaise}`;
      const group = groups.get(key);
      if (group) group.ids.push(a.mappingId);
      else groups.set(key, { anchor: a.anchor, value: a.atmPaise, ids: [a.mappingId] });
    }
    for (const { anchor, value, ids: of } of groups.values()) {
      for (let i = 0; i < of.length; i += IN_LIST) {
        const chunk = of.slice(i, i + IN_LIST);
        stmt(
          `update ${anchor.table} set ${anchor.anchorColumn} = ?, ${anchor.anchorAtColumn} = ?, updated_at = ?
            where mapping_id in (${marks(chunk.length)})`,
        ).run(value, at, at, ...chunk);
      }
    }
  };
}

/**
 * PostgreSQL: the fence (stale-position.ts): each mapping's version moves on only from the one its state was
 * read at; then each strategy type's ATMs, in one statement per type.
 */
async function recordAtmsPostgres(trx: Transaction<DB>, atm: Atm, at: number) {
  if (atm.length === 0) return;
  const { rows } = await sql<{ mappingId: number }>`update user_strategy_mappings m
    set position_version = u.version + 1
    from unnest(${integerArray(atm.map((a) => a.mappingId))}::int[], ${integerArray(atm.map((a) => a.positionVersion))}::int[])
      as u(mapping_id, version)
    where m.id = u.mapping_id and m.position_version = u.version
    returning m.id as "mappingId"`.execute(trx);
  if (rows.length !== atm.length) {
    const moved = new Set(rows.map((r) => r.mappingId));
    throw new StalePositionError(atm.filter((a) => !moved.has(a.mappingId)).map((a) => a.mappingId));
  }
  const byTable = new Map<string, Atm>();
  for (const a of atm) {
    const group = byTable.get(a.anchor.table);
    if (group) group.push(a);
    else byTable.set(a.anchor.table, [a]);
  }
  for (const group of byTable.values()) {
    const anchor = group[0]?.anchor;
    if (!anchor) continue;
    await sql`update ${sql.table(anchor.table)} c
      set ${sql.ref(anchor.anchorColumn)} = u.atm, ${sql.ref(anchor.anchorAtColumn)} = ${at}, updated_at = ${at}
      from unnest(${integerArray(group.map((a) => a.mappingId))}::int[], ${integerArray(group.map((a) => a.atmPaise))}::bigint[])
        as u(mapping_id, atm)
      where c.mapping_id = u.mapping_id`.execute(trx);
  }
}

/**
 * Books one slice of a close's paper fills in one transaction: legs closed, shrunk and opened and the
 * transactions written (the fill writer), then the ATMs recorded. A leg closed by another actor or a
 * position moved meanwhile rolls the whole slice back.
 */
export function createPaperClose(database: Pick<Database, 'db' | 'sqlite'>, writer: FillWriter) {
  const sqliteAtms = database.sqlite ? createSqliteAtms(database.sqlite) : null;
  return (input: PaperFills): Promise<WrittenFill[]> =>
    database.db.transaction().execute(async (trx) => {
      const { at } = input;
      const booked = await writer.book(trx, {
        at,
        fills: input.fills,
        closeLegIds: input.closeLegIds,
        ...(input.shrinkLegs ? { shrinkLegs: input.shrinkLegs } : {}),
        openLegs: input.openLegs,
      });
      if (sqliteAtms) sqliteAtms(input.atm, at);
      else await recordAtmsPostgres(trx, input.atm, at);
      return booked.fills;
    });
}

/**
 * A written fill as the transaction its owner sees, named from the mapping that made it. `date` lets a
 * candle close's 20,000 fills (one instant) share one ISO string.
 */
export function toTransactionDto(m: MappingState, f: WrittenFill, date?: string): TransactionDto {
  const facts = {
    id: f.id,
    transactionDate: f.transactionDate,
    tradingSymbol: f.tradingSymbol,
    quantity: f.quantity,
    pricePaise: f.pricePaise,
    isDummy: f.isDummy,
    userId: m.userId,
    mappingId: m.id,
    userUsername: m.username,
    strategyName: m.strategyName,
    instrumentName: m.instrumentName,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.priceSource ? { priceSource: f.priceSource } : {}),
    // A live fill names its order (issue 31 item 7), on the socket as in the list.
    ...(f.orderId ? { orderId: f.orderId } : {}),
  };
  return date === undefined ? toTransaction(facts) : toTransaction(facts, date);
}
