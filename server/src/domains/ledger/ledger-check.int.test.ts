import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { istDay, toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { kitePost, startTestSandbox } from '../../../test/sandbox-helpers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { SANDBOX_KITE_API_KEY, SANDBOX_KITE_API_SECRET } from '../../sandbox/sandbox-accounts.js';
import { parseKiteInstrumentsCsv } from '../../protocols/kite-instruments-csv.js';
import pino from 'pino';
import { createKiteBroker } from '../brokers/adapters/kite/kite-broker.js';
import { checkedDay, brokerTradesSource, runLedgerCheck, sandboxStateSource, type CheckedDay } from './ledger-check.js';
import { exitCodeOf, reportText } from './ledger-check.report.js';

/** The Kite adapter at `kite` (the sandbox's REST root, or a closed port), for the check's broker source. */
const kiteAt = (kite: { apiRoot: string; apiKey: string }) => () =>
  Promise.resolve(
    createKiteBroker({
      kite: { ...kite, apiSecret: SANDBOX_KITE_API_SECRET, loginRoot: kite.apiRoot, wsRoot: 'ws://127.0.0.1:9' },
      logger: pino({ level: 'silent' }),
    }),
  );

/*
 * Issue 28 item 6, through the sandbox exchange: after a day of live trading the ledger check finds the
 * console's fills and charges equal to the broker's trades and a contract note computed from them; a fill
 * whose price is changed in the database shows as exactly its contract's value and the note lines it moves.
 */

const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NIFTY = '256265';
const PRICE = 2_450_000;

describe('the ledger check after a day of live trading on the sandbox', () => {
  let t: TestApp;
  let owner: TestUser;
  const actor = () => ({ userId: owner.id, role: 'user' as const });

  beforeEach(async () => {
    t = await buildTestApp();
    owner = await buildUser(t);
  });
  afterEach(async () => {
    await t.close();
  });

  async function liveMapping(lots: number) {
    const broker = await buildUserBroker(t, owner, { broker_username: 'LC1234' });
    const token = t.sandbox.control.issueKiteAccessToken('LC1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: token });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await t.services.rdxConfigs.create(actor(), m.id, {
      rdx_lot_count: lots,
      atm_value: 24500,
      offset_value: 100,
      interval: '15m',
    });
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    return m.id;
  }

  /** Runs `work` while the market moves on (a second every 25 ms), so an order larger than one second's depth fills. */
  async function whileMarketMoves<T>(work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => t.clock.advance(1000), 25);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  const closeAt = (at: number) => whileMarketMoves(() => t.services.engine.evaluate(NIFTY, '15m', PRICE, at));

  const check = (day: CheckedDay) =>
    runLedgerCheck({
      db: t.database.db,
      day,
      source: brokerTradesSource({
        brokerOf: kiteAt({ apiRoot: t.sandbox.urls.kiteApi, apiKey: SANDBOX_KITE_API_KEY }),
        credentialsOf: (id) => t.services.brokers.credentialsOf(id),
        now: () => t.clock.now(),
      }),
    });

  it("agrees with the broker to the paisa, then names the one fill's contract changed in the database", async () => {
    // 25 lots a side trades at two levels or more; the lot-count change buys back 15 lots of each.
    const id = await liveMapping(25);
    await closeAt(CLOSE);
    const update = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}/rdx-config`,
      token: owner.token,
      payload: { rdx_lot_count: 10, atm_value: 24500, offset_value: 100, interval: '15m' },
    });
    expect(update.statusCode).toBe(200);
    await closeAt(CLOSE + 900_000);
    const day = checkedDay(istDay(CLOSE))!;

    const agreed = await check(day);
    expect(agreed).toHaveLength(1);
    const [account] = agreed;
    expect(account?.label).toBe(`LC1234 (console user ${owner.username})`);
    expect(account?.error).toBeNull();
    expect(account?.comparison?.differences).toEqual([]);
    expect(account?.comparison?.brokerTrades).toBeGreaterThanOrEqual(4);
    expect(exitCodeOf(agreed)).toBe(0);
    // The console's note is the one its positions screen charges the strategy.
    const positions = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    type Row = { user_strategy_mapping_id: number; charges: number };
    const row = positions
      .json<{ data: { positions: Row[] } }>()
      .data.positions.find((p) => p.user_strategy_mapping_id === id);
    expect(toPaise(row?.charges ?? 0)).toBe(account?.comparison?.consoleNote.totalPaise);
    expect(reportText('heading', agreed)).toContain('The ledger agrees with the broker.');

    // One fill of the entry booked ₹1.00 a unit above its trade.
    const fill = await t.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('mappingId', '=', id)
      .where('quantity', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('transactions')
      .set({ pricePaise: fill.pricePaise + 100 })
      .where('id', '=', fill.id)
      .execute();

    const [changed] = await check(day);
    const differences = changed?.comparison?.differences ?? [];
    expect(exitCodeOf([changed!])).toBe(1);
    // Only its contract, and of its contract the value (and its STT only if the rupee moved).
    const ofContracts = differences.filter((d) => d.contract !== null);
    expect(new Set(ofContracts.map((d) => d.contract))).toEqual(new Set([fill.tradingSymbol]));
    const value = ofContracts.find((d) => d.component === 'value');
    expect(value && value.console - value.broker).toBe(fill.quantity * 100);
    expect(ofContracts.every((d) => d.component === 'value' || d.component === 'stt')).toBe(true);
    // The note: exchange charges on ₹1 × its units at 0.03553% move, and the total is the lines' sum.
    const note = new Map(
      differences.filter((d) => d.contract === null).map((d) => [d.component, d.console - d.broker]),
    );
    expect(note.get('exchange')).toBeGreaterThan(0);
    expect(note.has('brokerage')).toBe(false);
    const lines = [...note].filter(([c]) => c !== 'total').reduce((s, [, n]) => s + n, 0);
    expect(note.get('total')).toBe(lines);
    expect(reportText('heading', [changed!])).toContain(`+${fill.quantity}.00`);
  });

  it("says in a trader's words that Kite cannot be asked about a past day", async () => {
    await liveMapping(1);
    await closeAt(CLOSE);
    const [account] = await check(checkedDay('2026-11-20')!);
    expect(account?.comparison).toBeNull();
    expect(account?.error).toBe(`Kite lists only today's trades (2026-11-23); 2026-11-20 cannot be asked`);
    expect(exitCodeOf([account!])).toBe(2);
  });
});

describe("the broker's trades from the sandbox's state file", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledger-check-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("are the trades Kite's GET /trades lists, the account's and the day's only", async () => {
    const stateFile = path.join(dir, 'sandbox-state.json');
    const { sandbox, clock } = await startTestSandbox({ stateFile });
    const token = sandbox.control.issueKiteAccessToken('SF1234');
    const other = sandbox.control.issueKiteAccessToken('SF9999');
    const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
    const option = rows.find((r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'CE')!;
    const order = (who: string, side: string, lots: number) =>
      kitePost(sandbox, '/orders/regular', who, {
        exchange: 'NFO',
        tradingsymbol: option.tradingsymbol,
        transaction_type: side,
        quantity: lots * option.lotSize,
        product: 'NRML',
        order_type: 'MARKET',
        market_protection: -1,
      });
    for (const [who, side, lots] of [
      [token, 'SELL', 25],
      [other, 'SELL', 1],
      [token, 'BUY', 2],
    ] as const) {
      expect((await order(who, side, lots)).status).toBe(200);
      clock.advance(5_000);
    }
    const account = { id: 1, username: 'sofia', brokerUsername: 'sf1234' };
    const day = checkedDay(istDay(clock.now()))!;
    const fromKite = await brokerTradesSource({
      brokerOf: kiteAt({ apiRoot: sandbox.urls.kiteApi, apiKey: SANDBOX_KITE_API_KEY }),
      credentialsOf: () => Promise.resolve({ accessToken: token, apiKey: null, tokenUpdatedAt: null }),
      now: () => clock.now(),
    }).tradesOf(account, day);
    await sandbox.close();

    const source = sandboxStateSource(stateFile);
    expect(fromKite.length).toBeGreaterThanOrEqual(2);
    expect(fromKite.map((x) => x.side)).toContain('BUY');
    expect(await source.tradesOf(account, day)).toEqual(fromKite);
    expect(await source.tradesOf(account, checkedDay('2025-12-08')!)).toEqual([]);
    await expect(sandboxStateSource(path.join(dir, 'missing.json')).tradesOf(account, day)).rejects.toThrow(
      /the sandbox has kept no state in .*missing\.json: is DATA_DIR the console's\?/,
    );
  });
});

describe('a broker that cannot be reached', () => {
  it('is reported in words, never an address', async () => {
    const day = checkedDay('2026-11-23')!;
    const source = brokerTradesSource({
      // A closed port on loopback.
      brokerOf: kiteAt({ apiRoot: 'http://127.0.0.1:9/kite', apiKey: SANDBOX_KITE_API_KEY }),
      credentialsOf: () => Promise.resolve({ accessToken: 'token', apiKey: null, tokenUpdatedAt: null }),
      now: () => day.start + 3_600_000,
    });
    await expect(source.tradesOf({ id: 1, username: 'u', brokerUsername: 'AB1234' }, day)).rejects.toThrow(
      /^Kite could not be reached; check the connection and try again$/,
    );
  });
});
