import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildTransaction,
  buildUser,
  NIFTY_LOT,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t, { username: 'quinn' });
});
afterEach(async () => {
  await t.close();
});

const list = (query = '', token = owner.token) => t.request({ method: 'GET', url: `/api/transactions${query}`, token });

describe('transactions', () => {
  it('pages my transactions newest first with the total', async () => {
    for (let i = 0; i < 7; i++) await buildTransaction(t, owner, { transactionDate: t.clock.now() + i * 1000 });
    const other = await buildUser(t);
    await buildTransaction(t, other);
    const first = await list('?limit=3');
    expect(first.json().data.total).toBe(7);
    const dates = first.json().data.transactions.map((x: { transaction_date: string }) => x.transaction_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).toHaveLength(3);
    const last = await list('?limit=3&offset=6');
    expect(last.json().data.transactions).toHaveLength(1);
  });

  it('defaults to 50 from offset 0', async () => {
    for (let i = 0; i < 55; i++) await buildTransaction(t, owner, { transactionDate: t.clock.now() + i });
    const res = await list();
    expect(res.json().data.transactions).toHaveLength(50);
    expect(res.json().data.total).toBe(55);
  });

  it('shapes a transaction as SPEC: signed quantity, price in rupees, names', async () => {
    await buildTransaction(t, owner, { quantity: -NIFTY_LOT, pricePaise: 10005 });
    const [tx] = (await list()).json().data.transactions;
    expect(tx).toMatchObject({
      trading_symbol: 'NIFTY25D0924500CE',
      quantity: -NIFTY_LOT,
      price: 100.05,
      strategy_name: 'RDX',
      instrument_name: 'NIFTY 50',
      user_username: 'quinn',
      is_dummy: 1,
    });
  });

  it.each(['?limit=0', '?limit=501', '?offset=-1', '?limit=abc'])('refuses %s', async (q) => {
    expect((await list(q)).statusCode).toBe(400);
  });

  it('summarises counts, turnover, net premium, FIFO realized P&L and charges in exact rupees', async () => {
    await buildTransaction(t, owner, { quantity: NIFTY_LOT, pricePaise: 10010 });
    await buildTransaction(t, owner, { quantity: NIFTY_LOT, pricePaise: 20020 });
    await buildTransaction(t, owner, { quantity: -NIFTY_LOT, pricePaise: 5005 });
    const res = await t.request({ method: 'GET', url: '/api/transactions/summary', token: owner.token });
    expect(res.json().data).toEqual({
      count: 3,
      buys: 1,
      sells: 2,
      // One NIFTY lot of 65 a fill: 65 × (100.10 + 200.20 + 50.05) and 65 × (100.10 + 200.20 − 50.05).
      turnover: 22772.75,
      net_premium: 16266.25,
      // The buy closes the first sale (FIFO): (100.10 − 50.05) × 65.
      realized_pnl: 3253.25,
      // The day's contract note (docs/LEDGER.md): 3 orders × ₹20; STT 0.15% of the contract's day of sales
      // 19,519.50 = ₹29.28 → ₹29 (₹10 + ₹20 order by order); exchange 0.03553% × 22,772.75 = ₹8.0912 → ₹8.09;
      // SEBI ₹0.0228 → ₹0.02; stamp 0.003% × 3,253.25 = ₹0.098 → ₹0; GST 18% × 68.11 = ₹12.2598 → ₹12.26.
      charges: 109.37,
      net_pnl: 3143.88,
      per_strategy: [
        {
          strategy_name: 'RDX',
          count: 3,
          buys: 1,
          sells: 2,
          turnover: 22772.75,
          net_premium: 16266.25,
          realized_pnl: 3253.25,
          charges: 109.37,
          net_pnl: 3143.88,
        },
      ],
    });
  });

  it('shows the admin everyone’s transactions with the user', async () => {
    await buildTransaction(t, owner);
    await buildTransaction(t, await buildUser(t, { username: 'ravi' }));
    const admin = await buildAdmin(t);
    const res = await t.request({ method: 'GET', url: '/api/transactions/admin/all-transactions', token: admin.token });
    expect(res.json().data.total).toBe(2);
    expect(
      res
        .json()
        .data.transactions.map((x: { user_username: string }) => x.user_username)
        .sort(),
    ).toEqual(['quinn', 'ravi']);
  });

  it('narrows the page to IST days, one strategy and part of a symbol, the total counted within', async () => {
    const day23 = Date.UTC(2026, 10, 22, 18, 30, 0); // IST midnight starting 23 Nov 2026
    const m = await buildMapping(t, owner);
    const other = await buildMapping(t, owner);
    const fill = (at: number, mappingId: number, tradingSymbol: string) =>
      buildTransaction(t, owner, { transactionDate: at, mappingId, tradingSymbol });
    await fill(day23 + 3_600_000, m.id, 'NIFTY26D0124500CE');
    await fill(day23 + 7_200_000, m.id, 'NIFTY26D0124500PE');
    await fill(day23 + 86_400_000 + 1000, m.id, 'NIFTY26D0124600CE');
    await fill(day23 + 86_400_000 + 2000, other.id, 'NIFTY26D0124500CE');
    await fill(day23 - 1000, m.id, 'NIFTY26D0124500CE'); // 22 Nov, 23:59:59 IST
    const symbolsOf = async (query: string) => {
      const res = await list(query);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { transactions: Array<{ trading_symbol: string }>; total: number };
      return { symbols: data.transactions.map((x) => x.trading_symbol), total: data.total };
    };

    expect(await symbolsOf('?from=2026-11-23&to=2026-11-23')).toEqual({
      symbols: ['NIFTY26D0124500PE', 'NIFTY26D0124500CE'],
      total: 2,
    });
    expect((await symbolsOf(`?mapping_id=${other.id}`)).total).toBe(1);
    // Spaces dropped and upper-cased: "24500 ce" is part of the symbol.
    expect(await symbolsOf('?symbol=24500%20ce&from=2026-11-23')).toEqual({
      symbols: ['NIFTY26D0124500CE', 'NIFTY26D0124500CE'],
      total: 2,
    });
    expect(await symbolsOf(`?symbol=24500CE&mapping_id=${m.id}&limit=1`)).toEqual({
      symbols: ['NIFTY26D0124500CE'],
      total: 2,
    });
    // Another user's strategy shows none of theirs.
    const ravi = await buildUser(t, { username: 'ravi' });
    await buildTransaction(t, ravi, { transactionDate: day23 + 1000 });
    expect((await symbolsOf('?from=2026-11-23')).total).toBe(4);
  });

  it.each([
    ['?symbol=24500%25', 'symbol must be part of a trading symbol'],
    ['?mapping_id=abc', 'mapping_id must be a strategy id'],
    ['?from=2026-11-24&to=2026-11-23', 'The from date must not be after the to date'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it.runIf(dialect === 'sqlite')('reads a user’s page through the (user, date, id) index', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select * from transactions where user_id = 1 order by transaction_date desc, id desc limit 15`.execute(
      t.database.db,
    );
    const details = plan.rows.map((r) => r.detail).join(' | ');
    expect(details).toContain('transactions_user_date_idx');
    expect(details).not.toContain('TEMP B-TREE');
  });
});

describe('the kept totals', () => {
  it('match a count of the rows after paper fills, for the user and for the admin', async () => {
    const { buildMapping, buildRdxConfig } = await import('../../../test/factories.js');
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    await t.services.engine.realign({ userId: owner.id, role: 'user' }, m.id);
    await buildTransaction(t, owner);
    const admin = await buildAdmin(t);
    const counted = async (userId?: number) => {
      let q = t.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n'));
      if (userId !== undefined) q = q.where('userId', '=', userId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(await counted(owner.id)).toBe(3);
    expect((await list('?limit=1')).json().data.total).toBe(await counted(owner.id));
    const all = await t.request({
      method: 'GET',
      url: '/api/transactions/admin/all-transactions?limit=1',
      token: admin.token,
    });
    expect(all.json().data.total).toBe(await counted());
  });
});
