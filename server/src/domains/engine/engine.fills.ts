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

/**
 * SQLite: entries on one close share few ATMs, so one prepared UPDATE per ATM and 500 mappings instead of one
 * per mapping. Each moves its mappings' position versions on without comparing them: SQLite serves one
 * process, whose in-process mapping lock cannot be lost mid-close (the fence matters where a lock's
 * connection can drop).
 */
function createSqliteAtms(raw: SqliteDatabase.Database) {
  const updates = new Map<number, SqliteDatabase.Statement>();
  return (atm: Atm, at: number) => {
    const byValue = new Map<number, number[]>();
    for (const a of atm) {
      const list = byValue.get(a.atmPaise);
      if (list) list.push(a.mappingId);
      else byValue.set(a.atmPaise, [a.mappingId]);
    }
    for (const [value, ids] of byValue) {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        let stmt = updates.get(chunk.length);
        if (!stmt) {
          stmt = raw.prepare(
            `update rdx_configs set atm_value_paise = ?, atm_last_updated = ?, updated_at = ?,
              position_version = position_version + 1 where mapping_id in (${chunk.map(() => '?').join(', ')})`,
          );
          updates.set(chunk.length, stmt);
        }
        stmt.run(value, at, at, ...chunk);
      }
    }
  };
}

/** PostgreSQL: the fence (stale-position.ts): each mapping's version moves on only from the one its state was read at. */
async function recordAtmsPostgres(trx: Transaction<DB>, atm: Atm, at: number) {
  if (atm.length === 0) return;
  const { rows } = await sql<{ mappingId: number }>`update rdx_configs c
    set atm_value_paise = u.atm, atm_last_updated = ${at}, updated_at = ${at}, position_version = u.version + 1
    from unnest(${integerArray(atm.map((a) => a.mappingId))}::int[], ${integerArray(atm.map((a) => a.atmPaise))}::bigint[],
      ${integerArray(atm.map((a) => a.positionVersion))}::int[]) as u(mapping_id, atm, version)
    where c.mapping_id = u.mapping_id and c.position_version = u.version
    returning c.mapping_id as "mappingId"`.execute(trx);
  if (rows.length !== atm.length) {
    const moved = new Set(rows.map((r) => r.mappingId));
    throw new StalePositionError(atm.filter((a) => !moved.has(a.mappingId)).map((a) => a.mappingId));
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
  };
  return date === undefined ? toTransaction(facts) : toTransaction(facts, date);
}
