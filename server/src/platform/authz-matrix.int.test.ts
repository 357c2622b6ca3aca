import { listRoutes, RUNNING_STATUS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildPendingOrder,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { SANDBOX_USER_PASSWORD, sandboxTotpCode } from '../sandbox/sandbox-accounts.js';

/**
 * Authorization matrix: every route of the contract × {no session, owner, other user, admin}.
 * Each case prepares fresh rows owned by `owner`, so destructive calls never see each other's leftovers.
 * A route added to the contract without a row here fails the first test.
 */
type Who = 'none' | 'owner' | 'other' | 'admin';
interface Prepared {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: string;
  /** A body that is not JSON (the option-candle import's CSV). */
  contentType?: string;
}
interface Case {
  prepare: (owner: TestUser) => Promise<Prepared>;
  ok?: number;
  /** Where a caller is refused for a reason other than the route's access level. */
  override?: Partial<Record<Who, number>>;
}

let t: TestApp;
let admin: TestUser;
let seq = 0;
const nextCode = () => String(900000 + ++seq);
/** A token no other case uses, outside Kite's index and NFO segments (those must be listed by the exchange). */
const plainToken = (): string => {
  const code = nextCode();
  return [2, 9].includes(Number(code) % 256) ? plainToken() : code;
};
/** A day no other case uses, for holidays (one per exchange and day). */
const nextDay = () => new Date(Date.UTC(2030, 0, 1) + ++seq * 86_400_000).toISOString().slice(0, 10);

/** A mapping of `owner`; running or paused ones (and `withConfig`) have an RDX configuration, as Start requires. */
const mapping = async (owner: TestUser, status: number = RUNNING_STATUS.STOPPED, withConfig = false) => {
  const m = await buildMapping(t, owner);
  if (withConfig || status !== RUNNING_STATUS.STOPPED) await buildRdxConfig(t, owner, m.id);
  if (status !== RUNNING_STATUS.STOPPED) {
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, status);
  }
  return m;
};
const none = () => Promise.resolve({});

/** NIFTY's minutes of one NSE day, stored once (a backtest's history). */
const niftyMinutes = async () => {
  const open = Date.parse('2026-11-25T09:15:00+05:30');
  const rows = Array.from({ length: 375 }, (_, m) => ({
    source: 'kite' as const,
    instrumentToken: '256265',
    interval: '1m' as const,
    ts: open + m * 60_000,
    open: '24000.00',
    high: '24000.00',
    low: '24000.00',
    close: '24000.00',
    volume: '0',
  }));
  await t.database.db
    .insertInto('candles')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
};

/** A finished backtest of `owner`'s, written as the worker leaves one. */
const finishedBacktest = async (owner: TestUser): Promise<number> => {
  const row = await t.database.db
    .insertInto('backtests')
    .values({
      userId: owner.id,
      sweepId: null,
      label: null,
      status: 'done',
      progress: 1,
      error: null,
      strategyId: 1,
      instrumentId: 1,
      config: '{"rdx_lot_count":1}',
      fromText: '2026-11-25',
      toText: '2026-11-25',
      fromAt: 0,
      toAt: 1,
      interval: '15m',
      priceSource: 'model',
      fillModel: 'close',
      slippageTicks: 0,
      modelIv: 14,
      summary: null,
      createdAt: t.clock.now(),
      finishedAt: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/** A pending order of the mapping sent the day before: only its owner (or an admin) may settle it by hand. */
const orderPastTheBook = (owner: TestUser, mappingId: number) =>
  buildPendingOrder(t, owner, mappingId, { sentAt: t.clock.now() - 86_400_000, tag: `rdxauthz${++seq}` });

/** A bought NIFTY straddle at the nearest expiry's ATM strike, as the chain lists it now. */
const niftyStraddle = async (owner: TestUser): Promise<Prepared> => {
  const res = await t.request({ method: 'GET', url: '/api/analytics/chain/1', token: owner.token });
  const chain = res.json().data as { expiry: string; strikes: Array<{ strike: number }> };
  const leg = { side: 'BUY', strike: chain.strikes[10]!.strike, expiry: chain.expiry, lots: 1, price: 100 };
  return {
    body: {
      instrument_id: 1,
      legs: [
        { ...leg, option_type: 'CE' },
        { ...leg, option_type: 'PE' },
      ],
    },
  };
};

const cases: Record<string, Case> = {
  'health.health': { prepare: none },
  'auth.login': { prepare: (o) => Promise.resolve({ body: { username: o.username, password: o.password } }) },
  'auth.verify': { prepare: none },
  'auth.logout': { prepare: none },
  // Every caller here signs in with the factories' password; keeping it unchanged keeps later cases signing in.
  'auth.changePassword': {
    prepare: () => Promise.resolve({ body: { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD } }),
  },
  'users.list': { prepare: none },
  'users.get': { prepare: (o) => Promise.resolve({ params: { id: o.id } }) },
  'users.create': {
    prepare: () => Promise.resolve({ body: { username: `made${++seq}`, password: TEST_PASSWORD, role: 'user' } }),
    ok: 201,
  },
  'users.update': { prepare: async () => ({ params: { id: (await buildUser(t)).id }, body: { role: 'user' } }) },
  'users.remove': { prepare: async () => ({ params: { id: (await buildUser(t)).id } }) },
  'users.unlock': { prepare: async () => ({ params: { id: (await buildUser(t)).id } }) },
  'brokers.list': { prepare: none },
  'brokers.funds': { prepare: none },
  'orders.list': { prepare: () => Promise.resolve({ query: 'status=rejected&limit=5' }) },
  'orders.listAll': { prepare: () => Promise.resolve({ query: 'user=admin&limit=5' }) },
  'pnl.daily': { prepare: () => Promise.resolve({ query: 'from=2026-11-01&to=2026-11-30' }) },
  'pnl.exportCsv': { prepare: () => Promise.resolve({ query: 'from=2026-11-01&to=2026-11-30' }) },
  'registration.pack': { prepare: () => Promise.resolve({ params: { type: 'RDX' }, query: 'format=md' }) },
  'orders.trace': {
    prepare: async (o) => ({
      params: { id: await orderPastTheBook(o, (await mapping(o, RUNNING_STATUS.STOPPED, true)).id) },
    }),
  },
  'brokers.listMine': { prepare: none },
  'brokers.create': { prepare: () => Promise.resolve({ body: { broker_id: 1, broker_username: 'AB1234' } }), ok: 201 },
  'brokers.update': {
    prepare: async (o) => ({ params: { id: (await buildUserBroker(t, o)).id }, body: { broker_username: 'CD5678' } }),
  },
  'brokers.remove': { prepare: async (o) => ({ params: { id: (await buildUserBroker(t, o)).id } }) },
  'brokers.listForUser': { prepare: (o) => Promise.resolve({ params: { userId: o.id } }) },
  'instruments.list': { prepare: none },
  'instruments.dataList': { prepare: none },
  'instruments.create': {
    prepare: () => Promise.resolve({ body: { name: `X ${seq}`, instrument_token: plainToken(), lot_size: 1 } }),
    ok: 201,
  },
  'instruments.update': { prepare: () => Promise.resolve({ params: { id: 2 }, body: { lot_size: 30 } }) },
  'instruments.remove': {
    prepare: async () => {
      const i = await t.services.instruments.create({
        name: `Temp ${seq}`,
        instrument_token: plainToken(),
        lot_size: 1,
        ticker: null,
        market_open_time: '09:15',
        market_close_time: '15:30',
        timezone: 'Asia/Kolkata',
        trading_days: '1,2,3,4,5',
      });
      return { params: { id: i.id } };
    },
  },
  'calendar.listHolidays': { prepare: none },
  'calendar.addHoliday': {
    prepare: () => Promise.resolve({ body: { date: nextDay(), description: 'Matrix holiday' } }),
    ok: 201,
  },
  'calendar.removeHoliday': {
    prepare: async () => {
      const payload = { date: nextDay(), description: 'Matrix holiday' };
      // A fresh session: an admin's password change in an earlier case ended the others.
      const { token } = await t.services.auth.login(admin, '127.0.0.1');
      const made = await t.request({ method: 'POST', url: '/api/calendar/holidays', token, payload });
      return { params: { id: made.json<{ data: { id: number } }>().data.id } };
    },
  },
  'strategies.list': { prepare: none },
  'strategies.listMine': { prepare: none },
  'strategies.listAll': { prepare: none },
  'strategies.exitAll': { prepare: none },
  'strategies.create': {
    prepare: async (o) => ({
      body: { strategy_id: 1, instrument_id: 1, user_broker_id: (await buildUserBroker(t, o)).id, user_id: o.id },
    }),
    ok: 201,
    // Another user cannot put someone else's broker account behind their own mapping.
    override: { other: 400 },
  },
  'strategies.update': { prepare: async (o) => ({ params: { id: (await mapping(o)).id }, body: { ce_count: 2 } }) },
  'strategies.remove': { prepare: async (o) => ({ params: { id: (await mapping(o)).id } }) },
  'strategies.toggleStatus': {
    prepare: async (o) => ({
      params: { id: (await mapping(o, RUNNING_STATUS.STOPPED, true)).id },
      body: { running_status: 1 },
    }),
  },
  'strategyConfigs.templates': { prepare: none },
  'strategyConfigs.get': { prepare: async (o) => ({ params: { id: (await mapping(o)).id } }) },
  'strategyConfigs.save': {
    prepare: async (o) => ({ params: { id: (await mapping(o)).id }, body: { rdx_lot_count: 1, interval: '5m' } }),
  },
  'rdx.get': {
    prepare: async (o) => {
      const m = await mapping(o);
      await buildRdxConfig(t, o, m.id);
      return { params: { id: m.id } };
    },
  },
  'rdx.create': {
    prepare: async (o) => ({ params: { id: (await mapping(o)).id }, body: { rdx_lot_count: 1, interval: '5m' } }),
    ok: 201,
  },
  'rdx.update': {
    prepare: async (o) => {
      const m = await mapping(o);
      await buildRdxConfig(t, o, m.id);
      return { params: { id: m.id }, body: { rdx_lot_count: 2, interval: '5m' } };
    },
  },
  'rdx.remove': {
    prepare: async (o) => {
      const m = await mapping(o);
      await buildRdxConfig(t, o, m.id);
      return { params: { id: m.id } };
    },
  },
  'rdx.pause': { prepare: async (o) => ({ params: { id: (await mapping(o, RUNNING_STATUS.RUNNING)).id } }) },
  'rdx.resume': { prepare: async (o) => ({ params: { id: (await mapping(o, RUNNING_STATUS.PAUSED)).id } }) },
  'rdx.userConfig': { prepare: async (o) => ({ params: { id: (await mapping(o)).id } }) },
  'transactions.listMine': { prepare: () => Promise.resolve({ query: 'limit=5' }) },
  'transactions.summary': { prepare: none },
  'transactions.listAll': { prepare: none },
  'transactions.exportCsv': { prepare: () => Promise.resolve({ query: 'from=2026-11-01&to=2026-11-30' }) },
  'positions.listMine': { prepare: none },
  // Issue 32 item 1: every signed-in caller gets their own contracts (own data only: positions-by-symbol.int.test.ts).
  'positions.bySymbol': { prepare: none },
  'positions.listAll': { prepare: none },
  'positions.reconcile': { prepare: none },
  'positions.chart': {
    prepare: async (o) => ({ params: { id: (await mapping(o, RUNNING_STATUS.STOPPED, true)).id } }),
  },
  // Issue 27: the owner (or an admin) reaches it; a paper strategy has no broker to match (409).
  'positions.matchBroker': {
    prepare: async (o) => ({
      params: { id: (await mapping(o, RUNNING_STATUS.STOPPED, true)).id },
      body: { trading_symbol: 'NIFTY26D0124500CE', price: 12.5 },
    }),
    ok: 409,
  },
  'liveData.list': { prepare: none },
  'liveData.create': {
    prepare: () => Promise.resolve({ body: { source: 'kite', instrument_token: nextCode(), interval: '5m' } }),
    ok: 201,
  },
  'liveData.update': {
    prepare: async () => {
      const c = await t.services.liveConfigs.create({ source: 'kite', instrument_token: nextCode(), interval: '1m' });
      return { params: { id: c.id }, body: { interval: '15m' } };
    },
  },
  'brokerTokens.generateKiteToken': {
    prepare: () => Promise.resolve({ body: { appCode: sandboxTotpCode(t.clock.now()) } }),
  },
  'brokerTokens.generateUserToken': {
    prepare: async (o) => ({
      params: { id: (await buildUserBroker(t, o)).id },
      body: { password: SANDBOX_USER_PASSWORD, appcode: sandboxTotpCode(t.clock.now()) },
    }),
  },
  'analytics.chain': { prepare: () => Promise.resolve({ params: { instrument_id: 1 } }) },
  'analytics.payoff': { prepare: niftyStraddle },
  'marketData.refreshFromExchange': { prepare: none },
  'marketData.fetch': {
    prepare: () =>
      Promise.resolve({
        body: {
          source: 'kite',
          instrumentToken: '256265',
          interval: '15m',
          startDate: '2026-11-20T03:45:00Z',
          endDate: '2026-11-20T10:00:00Z',
        },
      }),
  },
  'marketData.candles': { prepare: () => Promise.resolve({ query: 'source=kite&instrumentToken=256265&interval=5m' }) },
  'marketData.liveSyncStart': { prepare: none },
  'marketData.liveSyncStop': { prepare: none },
  'marketData.liveSyncStatus': { prepare: none },
  'marketData.scheduleStatus': { prepare: none },
  'marketData.scheduleEnable': { prepare: none },
  'marketData.scheduleDisable': { prepare: none },
  'engine.start': { prepare: none },
  'engine.stop': { prepare: none },
  'engine.status': { prepare: none },
  'engine.realign': {
    prepare: async (o) => {
      const m = await mapping(o, RUNNING_STATUS.RUNNING);
      return { params: { id: m.id } };
    },
  },
  'engine.margin': { prepare: async (o) => ({ params: { id: (await mapping(o, RUNNING_STATUS.STOPPED, true)).id } }) },
  'engine.exit': { prepare: async (o) => ({ params: { id: (await mapping(o, RUNNING_STATUS.RUNNING)).id } }) },
  'engine.unsettledOrders': { prepare: async (o) => ({ params: { id: (await mapping(o)).id } }) },
  'engine.settleOrder': {
    prepare: async (o) => {
      const m = await mapping(o, RUNNING_STATUS.STOPPED, true);
      const orderId = await orderPastTheBook(o, m.id);
      return { params: { id: m.id, orderId }, body: { filled: false } };
    },
  },
  'engine.testEvent': { prepare: (o) => Promise.resolve({ body: { userId: o.id } }) },
  'risk.killSwitch': { prepare: none },
  // Released, not engaged: an engaged switch would refuse the later rows' starts (kill-switch.int.test.ts engages).
  'risk.setKillSwitch': { prepare: () => Promise.resolve({ body: { engaged: false } }) },
  // Every signed-in user reads and sets their own; an admin names the user (a user's user_id is ignored).
  'risk.dailyLimit': { prepare: none },
  // Naming the owner: an admin sets the owner's limits and portfolio caps as the desk's caps (issue 34 item 4),
  // anyone else sets their own (the id ignored); every signed-in caller gets 200.
  'risk.setDailyLimit': {
    prepare: (o) => Promise.resolve({ body: { daily_max_loss: 5000, max_net_delta: 300, user_id: o.id } }),
  },
  // Alerts are always the caller's own: no route addresses another user's rows, so every signed-in caller gets 200.
  'alerts.list': { prepare: () => Promise.resolve({ query: 'limit=5' }) },
  'alerts.markRead': { prepare: () => Promise.resolve({ body: { all: true } }) },
  'alerts.channels': { prepare: none },
  'alerts.updateChannels': { prepare: () => Promise.resolve({ body: { webhook_url: null, webhook_secret: null } }) },
  'alerts.testChannels': { prepare: none },
  'audit.list': { prepare: () => Promise.resolve({ query: 'limit=5&action=auth.login' }) },
  'audit.mine': { prepare: () => Promise.resolve({ query: 'limit=5' }) },
  'audit.exportCsv': { prepare: () => Promise.resolve({ query: 'from=2026-11-01&to=2026-11-30' }) },
  'liveData.remove': {
    prepare: async () => {
      const c = await t.services.liveConfigs.create({ source: 'kite', instrument_token: nextCode(), interval: '1m' });
      return { params: { id: c.id } };
    },
  },
  // Issue 30: the body is the CSV text itself; a whole minute of one contract, so every admin's import succeeds.
  'optionHistory.importCandles': {
    prepare: () =>
      Promise.resolve({
        body: 'time,underlying,expiry,strike,option_type,open,high,low,close,volume,oi\n2026-11-20 09:15,NIFTY,2026-11-25,24500,CE,1,1,1,1,,',
        contentType: 'text/csv',
      }),
  },
  // Issue 30: a backtest over a stored day of NIFTY minutes; the owner-scoped reads and delete on a finished run.
  'backtests.create': {
    ok: 202,
    prepare: async () => {
      await niftyMinutes();
      return {
        body: {
          strategy_id: 1,
          instrument_id: 1,
          config: { rdx_lot_count: 1 },
          from: '2026-11-25',
          to: '2026-11-25',
          interval: '15m',
          price_source: 'model',
          fill_model: 'close',
        },
      };
    },
  },
  'backtests.createSweep': {
    ok: 202,
    prepare: async () => {
      await niftyMinutes();
      return {
        body: {
          base: {
            strategy_id: 1,
            instrument_id: 1,
            config: { rdx_lot_count: 1 },
            from: '2026-11-25',
            to: '2026-11-25',
            interval: '15m',
            price_source: 'model',
            fill_model: 'close',
          },
          grid: { offset_value: [0, 100] },
        },
      };
    },
  },
  'backtests.sweep': {
    prepare: async (o) => {
      const row = await t.database.db
        .insertInto('backtestSweeps')
        .values({ userId: o.id, base: '{}', grid: '{}', createdAt: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: row.id } };
    },
  },
  'backtests.list': { prepare: none },
  'backtests.get': { prepare: async (o) => ({ params: { id: await finishedBacktest(o) } }) },
  'backtests.trades': { prepare: async (o) => ({ params: { id: await finishedBacktest(o) } }) },
  'backtests.equity': { prepare: async (o) => ({ params: { id: await finishedBacktest(o) } }) },
  'backtests.exportCsv': { prepare: async (o) => ({ params: { id: await finishedBacktest(o) } }) },
  'backtests.remove': { prepare: async (o) => ({ params: { id: await finishedBacktest(o) } }) },
  // Issue 27: the SANDBOX chip's answer (public: the login page shows it) and the market-data token's state.
  'console.exchange': { prepare: none },
  // The status strip: always the caller's own accounts; every signed-in caller gets 200.
  'console.status': { prepare: none },
  'brokerTokens.marketDataToken': { prepare: none },
  // Issue 34: a secret acts as the strategy's owner, so only the owner makes one (an admin is told not found too).
  'signals.rotateSecret': {
    prepare: async (o) => ({ params: { id: (await mapping(o)).id } }),
    override: { admin: 404 },
  },
  // Public: the secret, not a session, authenticates a signal; every caller's signal with it is answered.
  'signals.send': {
    prepare: async (o) => {
      const m = await mapping(o, RUNNING_STATUS.STOPPED, true);
      const { signal_token, secret } = await t.services.signals.rotate({ userId: o.id, role: 'user' }, m.id);
      return { params: { signal_token }, body: { action: 'stop', secret } };
    },
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t.close();
});

function expectedStatus(access: string, ownerScoped: boolean, who: Who, ok: number): number {
  if (access === 'public') return ok;
  if (who === 'none') return 401;
  if (access === 'admin') return who === 'admin' ? ok : 403;
  if (ownerScoped && who === 'other') return 404;
  return ok;
}

describe('authorization matrix', () => {
  it('has a row for every route in the contract and none extra', () => {
    const keys = listRoutes().map((r) => r.key);
    expect(keys.filter((k) => !(k in cases))).toEqual([]);
    expect(Object.keys(cases).filter((k) => !keys.includes(k))).toEqual([]);
  });

  for (const { key, route } of listRoutes()) {
    for (const who of ['none', 'owner', 'other', 'admin'] as const) {
      const c = cases[key];
      const ok = c?.ok ?? 200;
      const expected = c?.override?.[who] ?? expectedStatus(route.access, route.ownerScoped ?? false, who, ok);
      it(`${route.method} ${route.path} as ${who} → ${expected}`, async () => {
        if (!c) throw new Error(`no matrix row for ${key}`);
        const owner = await buildUser(t);
        const prepared = await c.prepare(owner);
        const caller =
          who === 'owner' ? owner : who === 'other' ? await buildUser(t) : who === 'admin' ? admin : undefined;
        // A fresh session for every call: logout must not end the next case's session.
        const token = caller ? (await t.services.auth.login(caller, '127.0.0.1')).token : undefined;
        const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(prepared.params?.[name]));
        const res = await t.request({
          method: route.method,
          url: `/api${path}${prepared.query ? `?${prepared.query}` : ''}`,
          ...(prepared.body !== undefined ? { payload: prepared.body as object } : {}),
          ...(prepared.contentType ? { headers: { 'content-type': prepared.contentType } } : {}),
          ...(token ? { token } : {}),
        });
        expect(res.statusCode, res.body).toBe(expected);
      });
    }
  }
});
