import type { AddressInfo } from 'node:net';
import { toPaise } from '@app/contract';
import { sql, type Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildUser,
  buildUserBroker,
  NIFTY_LOT,
  transactionRow,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';
import type { TransactionsTable } from '../../db/schema.js';
import { countTransactions } from '../../db/transaction-counts.js';
import { BOOK_BATCH_SIZE, istDay } from './transactions.export.js';

const HEADER =
  'date,trading_symbol,side,quantity,price,value,strategy,instrument,mode,exchange,kind,transaction_id,user_strategy_mapping_id,' +
  'contract,broker_account,order_id,trade_id,' +
  'expiry,strike,option_type,brokerage,stt,exchange_charges,sebi_fees,stamp_duty,gst,total_charges';
/** Where a line's transaction_id is, counted from its end (the mapping id, four traced, three terms, seven charges). */
const ID_FROM_END = -16;
/** A record without its seven charge cells (which never hold a comma), for comparing what comes before them. */
const withoutCharges = (line: string) => line.replace(/(,[^,]*){7}$/, '');
/** The charge cells of a record, rupees, by column name. */
const chargesOf = (line: string): Record<string, number> => {
  const names = HEADER.split(',').slice(-7);
  const cells = line.split(',').slice(-7).map(Number);
  return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? Number.NaN]));
};
/** The IST midnights starting 23 and 24 November 2026. */
const DAY_23 = Date.UTC(2026, 10, 22, 18, 30, 0);
const DAY_24 = Date.UTC(2026, 10, 23, 18, 30, 0);

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t, { username: 'quinn' });
});
afterEach(async () => {
  await t.close();
});

const fill = (user: TestUser, overrides: Partial<Insertable<TransactionsTable>> = {}) =>
  transactionRow(t, user, overrides);

/** Writes fills as the engine does (counts kept), a thousand rows a statement; returns their ids in order. */
async function insertFills(rows: Array<Insertable<TransactionsTable>>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await t.database.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('transactions').values(chunk).returning('id').execute();
      ids.push(...inserted.map((r) => r.id));
      await countTransactions(trx, chunk);
    });
  }
  return ids;
}

const exportCsv = (query = '', token: string | null = owner.token) =>
  t.request({ method: 'GET', url: `/api/transactions/export.csv${query}`, ...(token ? { token } : {}) });

/** The records of a CSV body (no quoted line breaks in these fixtures), header first. */
const linesOf = (body: string) => {
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(0, -2).split('\r\n');
};

describe('GET /api/transactions/export.csv', () => {
  it('gives a user their own fills, oldest first, as an accountant reads them', async () => {
    const instrument = await t.services.instruments.create({
      name: '=SUM(1,2) "big"',
      instrument_token: '990001',
      lot_size: 1,
      ticker: null,
      market_open_time: '09:15',
      market_close_time: '15:30',
      timezone: 'Asia/Kolkata',
      trading_days: '1,2,3,4,5',
    });
    const at = Date.UTC(2026, 10, 23, 3, 45, 0); // 09:15 IST
    const [later, buy, sell] = await insertFills([
      fill(owner, { transactionDate: at + 60_000 }),
      fill(owner, { transactionDate: at, quantity: -50, pricePaise: 5, isDummy: 0, instrumentId: instrument.id }),
      fill(owner, { transactionDate: at, quantity: NIFTY_LOT, pricePaise: 10005, strategyId: null }),
    ]);
    await insertFills([fill(await buildUser(t, { username: 'ravi' }), { transactionDate: at - 1000 })]);

    const before = istDay(t.clock.now());
    const res = await exportCsv();
    const after = istDay(t.clock.now());

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // Named by the console clock's IST date (either side of a midnight the request may straddle).
    expect([before, after].map((day) => `attachment; filename="transactions-${day}.csv"`)).toContain(
      res.headers['content-disposition'],
    );
    const [header, ...records] = linesOf(res.body);
    expect(header).toBe(HEADER);
    expect(records.map(withoutCharges)).toEqual([
      // Same instant: the lower id first.
      `2026-11-23 09:15:00 IST,NIFTY25D0924500CE,BUY,50,0.05,2.50,RDX,"'=SUM(1,2) ""big""",LIVE,sandbox,trade,${buy},,NIFTY 9 DEC 24500 CE,,,,2025-12-09,24500,CE`,
      `2026-11-23 09:15:00 IST,NIFTY25D0924500CE,SELL,65,100.05,6503.25,,NIFTY 50,DUMMY,sandbox,trade,${sell},,NIFTY 9 DEC 24500 CE,Paper,,,2025-12-09,24500,CE`,
      `2026-11-23 09:16:00 IST,NIFTY25D0924500CE,SELL,65,123.45,8024.25,RDX,NIFTY 50,DUMMY,sandbox,trade,${later},,NIFTY 9 DEC 24500 CE,Paper,,,2025-12-09,24500,CE`,
    ]);
    // Every fill here is an order of its own and pays its brokerage; a sale pays STT.
    expect(records.map((l) => chargesOf(l).brokerage)).toEqual([20, 20, 20]);
    expect(chargesOf(records[1]!).stt).toBeGreaterThan(0);
  });

  it('gives an admin every user’s fills with the username first', async () => {
    const ravi = await buildUser(t, { username: 'ravi' });
    const [a, b] = await insertFills([
      fill(ravi, { transactionDate: DAY_23 + 1000 }),
      fill(owner, { transactionDate: DAY_23 }),
    ]);
    const admin = await buildAdmin(t);

    const lines = linesOf((await exportCsv('', admin.token)).body);

    expect(lines[0]).toBe(`username,${HEADER}`);
    expect(lines.slice(1).map((l) => [l.split(',')[0], l.split(',').at(ID_FROM_END)])).toEqual([
      ['quinn', String(b)],
      ['ravi', String(a)],
    ]);
  });

  it("names a live fill's broker account and the broker's trade, as a contract note does", async () => {
    const account = await buildUserBroker(t, owner, { broker_username: 'QX4321' });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: account.id });
    await insertFills([fill(owner, { isDummy: 0, mappingId: m.id, brokerTradeId: '70123456' })]);
    const [, line] = linesOf((await exportCsv()).body);
    expect(line?.split(',').slice(-15, -10)).toEqual([String(m.id), 'NIFTY 9 DEC 24500 CE', 'QX4321', '', '70123456']);
  });

  it("gives each fill its part of its day's contract note: a strategy's fills add up to its charges on /positions", async () => {
    const m = await buildMapping(t, owner, { is_dummy: 1 });
    const other = await buildMapping(t, owner, { is_dummy: 1 });
    const at = DAY_23 + 4 * 3_600_000; // 09:30 IST
    const symbols = ['NIFTY25D0924500CE', 'NIFTY25D0924500PE'];
    const rows = [m, other].flatMap((mapping, k) =>
      Array.from({ length: 12 }, (_, i) =>
        fill(owner, {
          mappingId: mapping.id,
          tradingSymbol: symbols[i % 2],
          quantity: i % 4 < 2 ? NIFTY_LOT : -NIFTY_LOT,
          pricePaise: 9_000 + 137 * i + 11 * k,
          // Two days, several fills an instant: the notes round over many orders.
          transactionDate: at + (i < 6 ? 0 : 86_400_000) + Math.floor(i / 3) * 60_000,
          paperOrder: i % 3,
        }),
      ),
    );
    await insertFills(rows);
    const records = linesOf((await exportCsv()).body).slice(1);
    const res = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    const positions = res.json().data.positions as Array<{ user_strategy_mapping_id: number; charges: number }>;
    const paiseOf = (rupees: number | undefined) => toPaise(rupees ?? Number.NaN);
    for (const mapping of [m, other]) {
      const own = records.filter((l) => l.split(',').at(ID_FROM_END + 1) === String(mapping.id));
      expect(own).toHaveLength(12);
      const paise = own.reduce((sum, l) => sum + paiseOf(chargesOf(l).total_charges), 0);
      expect(paise).toBe(paiseOf(positions.find((p) => p.user_strategy_mapping_id === mapping.id)?.charges));
      // Each record's total is its lines' sum.
      const lines = ['brokerage', 'stt', 'exchange_charges', 'sebi_fees', 'stamp_duty', 'gst'];
      for (const c of own.map(chargesOf)) {
        expect(lines.reduce((sum, k) => sum + paiseOf(c[k]), 0)).toBe(paiseOf(c.total_charges));
      }
      // Exported alone, a strategy's rows carry the same charges: its days are still read whole for the notes.
      const alone = linesOf((await exportCsv(`?mapping_id=${mapping.id}`)).body).slice(1);
      expect(alone).toEqual(own);
    }
    const [, ...puts] = linesOf((await exportCsv('?symbol=500pe')).body);
    expect(puts).toHaveLength(12);
    expect(puts).toEqual(records.filter((l) => l.includes(',NIFTY25D0924500PE,')));
  });

  it('writes only the header when there is nothing to export', async () => {
    expect((await exportCsv()).body).toBe(`${HEADER}\r\n`);
  });

  it('keeps to IST days, both ends inclusive', async () => {
    const ids = await insertFills(
      [DAY_23 - 1000, DAY_23, DAY_24 - 1000, DAY_24].map((transactionDate) => fill(owner, { transactionDate })),
    );
    const idsOf = async (query: string) =>
      linesOf((await exportCsv(query)).body)
        .slice(1)
        .map((l) => Number(l.split(',').at(ID_FROM_END)));

    expect(await idsOf('?from=2026-11-23&to=2026-11-23')).toEqual([ids[1], ids[2]]);
    expect(await idsOf('?from=2026-11-23')).toEqual([ids[1], ids[2], ids[3]]);
    expect(await idsOf('?to=2026-11-22')).toEqual([ids[0]]);
    expect(await idsOf('?from=2026-11-25')).toEqual([]);
  });

  it('refuses a request without a session in the API’s envelope', async () => {
    const res = await exportCsv('', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    // Authentication comes before validation, as on every route.
    expect((await exportCsv('?from=nope', null)).statusCode).toBe(401);
  });

  it.each([
    ['?from=2026-13-01', 'The from date must be a day as YYYY-MM-DD, e.g. 2026-11-23'],
    ['?to=2026-02-30', 'The to date must be a day as YYYY-MM-DD, e.g. 2026-11-23'],
    ['?from=yesterday', 'The from date must be a day as YYYY-MM-DD, e.g. 2026-11-23'],
    ['?from=2026-11-23T00:00:00Z', 'The from date must be a day as YYYY-MM-DD, e.g. 2026-11-23'],
    ['?from=2026-11-23&from=2026-11-24', 'The from date must be a day as YYYY-MM-DD, e.g. 2026-11-23'],
    ['?from=2026-11-24&to=2026-11-23', 'The from date must not be after the to date'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await exportCsv(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: message });
  });

  it('streams a 20,000-row book complete and in order over a real socket, batch after batch', async () => {
    const n = 20_000;
    // Dates shuffled against insertion (ids) and shared by three rows each, so batch edges fall inside ties.
    const rows = Array.from({ length: n }, (_, i) =>
      fill(owner, {
        transactionDate: DAY_23 + Math.floor(((i * 7919) % n) / 3) * 1000,
        quantity: i % 2 ? NIFTY_LOT : -NIFTY_LOT,
      }),
    );
    await insertFills(rows);
    await insertFills([fill(await buildUser(t), { transactionDate: DAY_23 })]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const res = await fetch(`http://127.0.0.1:${port}/api/transactions/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    let text = '';
    let chunks = 0;
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    text += decoder.decode();

    const lines = linesOf(text);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(n + 1);
    expect(chunks).toBeGreaterThan(1);
    const keys = lines.slice(1).map((l) => {
      const cells = l.split(',');
      return { date: cells[0] ?? '', id: Number(cells.at(ID_FROM_END)) };
    });
    expect(new Set(keys.map((k) => k.id)).size).toBe(n);
    const oldestFirst = [...keys].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    expect(keys).toEqual(oldestFirst);
    // The book spans several batches, so keyset edges (inside runs of equal dates) were crossed.
    expect(n / BOOK_BATCH_SIZE).toBeGreaterThan(2);
  });

  it.runIf(dialect === 'sqlite')('reads the book oldest first by scanning the desc indexes backward', async () => {
    const plan = async (where: string) => {
      const rows = await sql<{ detail: string }>`explain query plan
        select t.id, u.username, s.name, i.name from transactions t
        left join users u on u.id = t.user_id
        left join strategies s on s.id = t.strategy_id
        left join instruments i on i.id = t.instrument_id
        where ${sql.raw(where)} order by t.transaction_date, t.id limit 2000`.execute(t.database.db);
      return rows.rows.map((r) => r.detail).join(' | ');
    };
    const mine = await plan('t.user_id = 1 and (t.transaction_date, t.id) > (0, 0)');
    expect(mine).toContain('transactions_user_date_idx');
    expect(mine).not.toContain('TEMP B-TREE');
    const everyone = await plan('(t.transaction_date, t.id) > (0, 0)');
    expect(everyone).toContain('transactions_date_idx');
    expect(everyone).not.toContain('TEMP B-TREE');
  });

  it.runIf(dialect === 'postgres')('has an index that serves oldest first on PostgreSQL, with no sort', async () => {
    // With sorting priced out, a plan still containing a Sort would mean no index gives this order.
    const plan = (where: string) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_sort = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain
          select t.id, u.username, s.name, i.name from transactions t
          left join users u on u.id = t.user_id
          left join strategies s on s.id = t.strategy_id
          left join instruments i on i.id = t.instrument_id
          where ${sql.raw(where)} order by t.transaction_date, t.id limit 2000`.execute(trx);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const mine = await plan('t.user_id = 1 and (t.transaction_date, t.id) > (0::bigint, 0)');
    expect(mine).toContain('Index Scan Backward using transactions_user_date_idx');
    expect(mine).not.toMatch(/\bSort\b/);
    const everyone = await plan('(t.transaction_date, t.id) > (0::bigint, 0)');
    expect(everyone).toContain('Index Scan Backward using transactions_date_idx');
    expect(everyone).not.toMatch(/\bSort\b/);
  });
});
