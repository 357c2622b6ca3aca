import type { Insertable } from 'kysely';
import type { TransactionsTable } from '../src/db/schema.js';
import type { Role } from '@app/contract';
import type { TestApp } from './test-app.js';

/** The factories' default password: long enough and on no common-password list (issue 14 refuses those). */
export const TEST_PASSWORD = 'factory-Pa55word';

let counter = 0;
/** Broker user ids are unique per user and broker (a second identical account is refused). */
let brokerCounter = 0;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  role: Role;
  token: string;
}

/** Creates a user through the service and signs them in. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<{ username: string; password: string; role: Role }> = {},
) {
  counter += 1;
  const username = overrides.username ?? `user${counter}_${Date.now() % 100000}`;
  const password = overrides.password ?? TEST_PASSWORD;
  const role = overrides.role ?? 'user';
  const user = await t.services.users.create({ username, password, role });
  const { token } = await t.services.auth.login({ username, password }, `10.0.0.${counter % 250}`);
  return { id: user.id, username, password, role, token } satisfies TestUser;
}

export const buildAdmin = (t: TestApp, overrides: Partial<{ username: string; password: string }> = {}) =>
  buildUser(t, { ...overrides, role: 'admin' });

/** A broker account for a user (Zerodha unless told otherwise). */
export async function buildUserBroker(
  t: TestApp,
  owner: TestUser,
  overrides: Partial<{ broker_id: number; broker_username: string; broker_token: string | null }> = {},
) {
  return t.services.brokers.create(
    { userId: owner.id, role: owner.role },
    { broker_id: 1, broker_username: `ZR${1000 + ++brokerCounter}`, broker_token: null, ...overrides },
  );
}

/** An RDX mapping on NIFTY 50 (instrument 1) through a fresh broker account of the owner. */
export async function buildMapping(
  t: TestApp,
  owner: TestUser,
  overrides: Partial<{
    strategy_id: number;
    instrument_id: number;
    user_broker_id: number;
    is_dummy: 0 | 1;
    ce_count: number;
    pe_count: number;
    start_time: string | null;
    end_time: string | null;
  }> = {},
) {
  const brokerId = overrides.user_broker_id ?? (await buildUserBroker(t, owner)).id;
  return t.services.mappings.create(
    { userId: owner.id, role: owner.role },
    {
      strategy_id: 1,
      instrument_id: 1,
      is_active: 1,
      is_dummy: 1,
      ce_count: 1,
      pe_count: 1,
      start_time: null,
      end_time: null,
      ...overrides,
      user_broker_id: brokerId,
    },
  );
}

export async function buildRdxConfig(t: TestApp, owner: TestUser, mappingId: number) {
  return t.services.rdxConfigs.create({ userId: owner.id, role: owner.role }, mappingId, {
    rdx_lot_count: 1,
    atm_value: 24500,
    offset_value: 100,
    interval: '15m',
  });
}

/** A paper RDX mapping on NIFTY 50, configured and running (it enters at the next 15m candle close). */
export async function buildRunningPaperMapping(t: TestApp, owner: TestUser): Promise<number> {
  const m = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus({ userId: owner.id, role: owner.role }, m.id, 1);
  return m.id;
}

/**
 * A live RDX mapping on NIFTY 50, configured and running, on a broker account holding a sandbox access
 * token for `brokerUsername`; returns the mapping and the token (to read the broker's positions with).
 */
export async function buildRunningLiveMapping(
  t: TestApp,
  owner: TestUser,
  brokerUsername: string,
): Promise<{ id: number; brokerToken: string }> {
  const as = { userId: owner.id, role: owner.role };
  const broker = await buildUserBroker(t, owner, { broker_username: brokerUsername });
  const brokerToken = t.sandbox.control.issueKiteAccessToken(brokerUsername);
  await t.services.brokers.update(as, broker.id, { broker_token: brokerToken });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(as, m.id, 1);
  return { id: m.id, brokerToken };
}

/** One NIFTY lot: NSE's from the January 2026 expiries (circular NSE/FAOP/70616), as the sandbox lists it. */
export const NIFTY_LOT = 65;

/** A paper fill of `owner` as a transactions row (one NIFTY lot sold), now, on NIFTY 50 for RDX; not written. */
export function transactionRow(
  t: TestApp,
  owner: Pick<TestUser, 'id'>,
  overrides: Partial<Insertable<TransactionsTable>> = {},
) {
  return {
    userId: owner.id,
    mappingId: null,
    strategyId: 1,
    instrumentId: 1,
    transactionDate: t.clock.now(),
    tradingSymbol: 'NIFTY25D0924500CE',
    quantity: NIFTY_LOT,
    pricePaise: 12345,
    isDummy: 1,
    orderId: null,
    ...overrides,
  };
}

export async function buildTransaction(
  t: TestApp,
  owner: TestUser,
  overrides: Partial<{
    mappingId: number | null;
    quantity: number;
    pricePaise: number;
    transactionDate: number;
    tradingSymbol: string;
  }> = {},
) {
  return t.services.transactionsRepo.insert(transactionRow(t, owner, overrides));
}

/**
 * A live order of the mapping written as pending at `sentAt` and never settled (what a crash between the
 * broker's reply and its fill leaves): a SELL of one NIFTY lot opening the CE 24,600 leg. The mapping needs
 * its RDX configuration (the order row is fenced at its position version).
 */
export function buildPendingOrder(
  t: TestApp,
  owner: TestUser,
  mappingId: number,
  options: { sentAt: number; userBrokerId?: number | null; tag?: string },
): Promise<number> {
  return t.services.engineRepo.insertPending(
    {
      mappingId,
      userId: owner.id,
      userBrokerId: options.userBrokerId ?? null,
      legId: null,
      tag: options.tag ?? `rdxpending${mappingId}`,
      side: 'SELL',
      quantity: 65,
      intent: 'open',
      tradingSymbol: 'NIFTY26D0124600CE',
      exchange: 'NFO',
      optionType: 'CE',
      strikePaise: 2460000,
      expiry: '2026-12-01',
      createdAt: options.sentAt,
      updatedAt: options.sentAt,
    },
    0,
  );
}
