import SqliteDatabase from 'better-sqlite3';
import { MSG } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { databaseRefusal, DB_REFUSAL } from './errors.js';

/** The error a statement really throws on a small SQLite schema with every kind of constraint. */
function sqliteError(statement: string): unknown {
  const db = new SqliteDatabase(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(`create table parents (id integer primary key);
    create table children (id integer primary key, parent_id integer not null references parents(id),
      username text unique, lot_size integer check (lot_size > 0));
    insert into parents (id) values (1);
    insert into children (id, parent_id, username, lot_size) values (1, 1, 'taken', 1);`);
  try {
    db.exec(statement);
  } catch (err) {
    return err;
  } finally {
    db.close();
  }
  throw new Error(`no error from ${statement}`);
}

const answer = (err: unknown) => {
  const refusal = databaseRefusal(err);
  return refusal && { status: refusal.status, code: refusal.code, message: refusal.message };
};

describe('databaseRefusal', () => {
  it('answers 409 to a SQLite unique or foreign-key violation', () => {
    expect(answer(sqliteError(`insert into children (parent_id, username) values (1, 'taken')`))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: MSG.alreadyExists,
    });
    expect(answer(sqliteError(`insert into children (parent_id) values (99)`))).toMatchObject({
      status: 409,
      message: DB_REFUSAL.reference,
    });
    expect(answer(sqliteError(`delete from parents where id = 1`))).toMatchObject({ status: 409 });
  });

  it('answers 400 naming the field to a SQLite NOT NULL violation, and 400 to a CHECK', () => {
    expect(answer(sqliteError(`insert into children (username) values ('x')`))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'parent_id is required',
    });
    expect(answer(sqliteError(`insert into children (parent_id, lot_size) values (1, 0)`))).toMatchObject({
      status: 400,
      message: DB_REFUSAL.notAllowed,
    });
  });

  it('maps PostgreSQL constraint and data-exception SQLSTATEs to 409/400', () => {
    const pg = (code: string, extra: object = {}) => answer(Object.assign(new Error('pg'), { code, ...extra }));
    expect(pg('23505')).toMatchObject({ status: 409, message: MSG.alreadyExists });
    expect(pg('23503')).toMatchObject({ status: 409, message: DB_REFUSAL.reference });
    expect(pg('23502', { column: 'username' })).toMatchObject({ status: 400, message: 'Username is required' });
    expect(pg('23514')).toMatchObject({ status: 400, message: DB_REFUSAL.notAllowed });
    for (const code of ['22P02', '22003', '22001', '22021', '22007', '22008']) {
      expect(pg(code)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: DB_REFUSAL.cannotStore });
    }
  });

  it('leaves every other error alone (a 500: our fault)', () => {
    expect(databaseRefusal(new Error('boom'))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: '40001' }))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBeNull();
    expect(databaseRefusal('a string')).toBeNull();
  });
});
