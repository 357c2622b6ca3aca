import { RUNNING_STATUS } from '@app/contract';
import { SANDBOX_USER_PASSWORD, sandboxTotpCode } from '../../src/sandbox/sandbox-accounts.js';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildTransaction,
  buildUser,
  buildUserBroker,
  TEST_PASSWORD,
  type TestUser,
} from '../factories.js';
import type { TestApp } from '../test-app.js';
import type { Hints } from './json-schema-arbitrary.js';
import type { Actor } from './request-arbitrary.js';

/** A bearer token no session ever had: the shape of a real one, the value of none. */
const FORGED_TOKEN = 'f'.repeat(64);

/**
 * The fuzz's signed-in callers. The fuzz itself may log them out, change their password, demote or delete
 * them; `ensure` notices (the session no longer verifies as the same role) and signs a fresh account in.
 */
export function fuzzActors(t: TestApp, first: { admin: TestUser; user: TestUser }) {
  const current = { ...first };

  async function stillValid(who: 'admin' | 'user'): Promise<boolean> {
    const res = await t.request({ method: 'POST', url: '/api/auth/verify', token: current[who].token });
    return res.statusCode === 200 && res.json<{ data: { user: { role: string } } }>().data.user.role === who;
  }

  return {
    current: (who: 'admin' | 'user') => current[who],
    tokenOf(actor: Actor): string | undefined {
      if (actor === 'admin' || actor === 'user') return current[actor].token;
      return actor === 'forged' ? FORGED_TOKEN : undefined;
    },
    /** Re-signs-in whichever of the two lost its session or role; true when it had to. */
    async ensure(): Promise<boolean> {
      let replaced = false;
      for (const who of ['admin', 'user'] as const) {
        if (await stillValid(who)) continue;
        current[who] = await (who === 'admin' ? buildAdmin(t) : buildUser(t));
        replaced = true;
      }
      return replaced;
    },
  };
}

let made = 0;

/**
 * Fresh rows for one route's run, owned by the fuzz's user (the run before may have deleted the last
 * ones), and the hints that send requests at them: which `:id` a path means depends on the route.
 */
export async function freshRows(t: TestApp, path: string, user: TestUser, admin: TestUser): Promise<Hints> {
  made += 1;
  // The fuzz may have engaged the kill switch, which refuses the running strategy made below.
  await t.request({ method: 'POST', url: '/api/risk/kill-switch', token: admin.token, payload: { engaged: false } });
  // …and may have set the user a daily max loss their P&L already meets, which refuses a start just the same.
  await t.request({
    method: 'PUT',
    url: '/api/risk/limits',
    token: admin.token,
    payload: { daily_max_loss: null, user_id: user.id },
  });
  const other = await buildUser(t);
  const broker = await buildUserBroker(t, user);
  const stopped = await buildMapping(t, user, { user_broker_id: broker.id });
  await buildRdxConfig(t, user, stopped.id);
  const running = await buildMapping(t, user);
  await buildRdxConfig(t, user, running.id);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, running.id, RUNNING_STATUS.RUNNING);
  const paused = await buildMapping(t, user);
  await buildRdxConfig(t, user, paused.id);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, paused.id, RUNNING_STATUS.RUNNING);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, paused.id, RUNNING_STATUS.PAUSED);
  // No RDX configuration yet, and a broker account nothing uses: what create and delete calls need.
  const bare = await buildMapping(t, user);
  const spareBroker = await buildUserBroker(t, user);
  await buildTransaction(t, user, { mappingId: running.id });
  const instrument = await t.services.instruments.create({
    name: `Fuzz ${made}`,
    // Kite's NSE segment (low byte 1): index and NFO tokens must be ones the exchange lists.
    instrument_token: String((800_000 + made) * 256 + 1),
    lot_size: 1,
    ticker: null,
    market_open_time: '09:15',
    market_close_time: '15:30',
    timezone: 'Asia/Kolkata',
    trading_days: '1,2,3,4,5',
  });
  const live = await t.services.liveConfigs.create({
    source: 'kite',
    instrument_token: String(900_000 + made),
    interval: '5m',
  });
  const holiday = await t.request({
    method: 'POST',
    url: '/api/calendar/holidays',
    token: admin.token,
    payload: {
      date: new Date(Date.UTC(2031, 0, 1) + made * 86_400_000).toISOString().slice(0, 10),
      description: 'Fuzz',
    },
  });
  const holidayId = holiday.json<{ data?: { id: number } }>().data?.id;

  const userIds = [user.id, other.id];
  const idOf: Array<[RegExp, number[]]> = [
    [/^\/users\//, [other.id]],
    [/^\/brokers\/user-brokers\//, [broker.id, spareBroker.id]],
    [/^\/instruments\//, [instrument.id, 1]],
    [/^\/calendar\/holidays\//, holidayId ? [holidayId] : []],
    [/^\/data\/live-configs\//, [live.id]],
    [/^\/(strategies|rdx|positions)\//, [stopped.id, running.id, paused.id, bare.id]],
  ];
  return {
    id: idOf.find(([pattern]) => pattern.test(path))?.[1] ?? [],
    userId: userIds,
    user_id: userIds,
    user_broker_id: [broker.id],
    strategy_id: [1],
    instrument_id: [1],
    broker_id: [1],
    username: [user.username, `fuzz${made}`],
    password: [TEST_PASSWORD, SANDBOX_USER_PASSWORD],
    current_password: [TEST_PASSWORD],
    new_password: [TEST_PASSWORD, `${TEST_PASSWORD}-2`],
    broker_username: [`FZ${1000 + made}`],
    api_key: ['fuzzkey123'],
    api_secret: ['fuzzsecret456'],
    appCode: [sandboxTotpCode(t.clock.now())],
    appcode: [sandboxTotpCode(t.clock.now())],
    instrument_token: ['256265', String(700_000 + made)],
    instrumentToken: ['256265'],
    source: ['kite'],
  };
}
