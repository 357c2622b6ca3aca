import { randomBytes } from 'node:crypto';
import type { Mapping } from '@app/contract';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';
import { createPostgresMappingLocks, type MappingLocks } from '../../db/mapping-locks.js';
import type { Insertable } from 'kysely';
import type { BrokerOrdersTable, LegRow } from '../../db/schema.js';
import type { MappingState } from './engine.types.js';
import { rdxStrategy, type RdxSettings } from '../rdx/rdx-strategy.logic.js';
import { NEVER_SENT } from './orders.repository.js';
import { STALE_POSITION_MESSAGE, StalePositionError } from './stale-position.js';

/*
 * The fence behind the mapping lock (stale-position.ts). A console holds a strategy's lock on a PostgreSQL
 * connection of its own; when that connection drops, PostgreSQL frees the lock while the console is still
 * deciding, and a trader's Realign on another console takes it and trades. The first console's write,
 * made on what it read before, must then write nothing: no second entry, no second order to the broker.
 */

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

async function running(isDummy: 0 | 1, userBrokerId?: number) {
  const m = await buildMapping(t, owner, {
    is_dummy: isDummy,
    ...(userBrokerId ? { user_broker_id: userBrokerId } : {}),
  });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m.id;
}

const realign = (id: number) =>
  t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/realign`, token: owner.token });

/** The strategy's state as a console reads it under the lock. */
async function stateOf(id: number): Promise<{ mapping: MappingState; legs: LegRow[] }> {
  const state = await t.services.engineRepo.one(id);
  if (!state) throw new Error(`mapping ${id} has no RDX state`);
  return state;
}

/** Fills net per symbol and open legs per symbol of one strategy, as the ledger would show them. */
async function netAndOpen(id: number) {
  const db = t.database.db;
  const fills = await db.selectFrom('transactions').selectAll().where('mappingId', '=', id).execute();
  const legs = await db.selectFrom('strategyLegs').selectAll().where('mappingId', '=', id).execute();
  const net = new Map<string, number>();
  for (const f of fills) net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
  const open = new Map<string, number>();
  for (const l of legs.filter((x) => x.status === 'open'))
    open.set(l.tradingSymbol, (open.get(l.tradingSymbol) ?? 0) + l.quantity);
  return { net: [...net].filter(([, q]) => q !== 0).sort(), open: [...open].sort(), fills: fills.length };
}

/** A pending SELL that opens a CE leg of `mappingId`, as a console writes it before sending; `over` changes any field. */
function openingOrder(mappingId: number, over: Partial<Insertable<BrokerOrdersTable>> = {}) {
  return {
    mappingId,
    userId: owner.id,
    userBrokerId: null,
    legId: null,
    tag: 'rdxorder',
    tradingSymbol: 'NIFTY26D0124500CE',
    exchange: 'NFO',
    side: 'SELL' as const,
    quantity: 65,
    intent: 'open' as const,
    optionType: 'CE' as const,
    strikePaise: 2_450_000,
    expiry: '2026-12-01',
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
    ...over,
  };
}

describe('a write made on a read older than the strategy’s position', () => {
  it('an order is refused before it is written, on either database', async () => {
    const { id } = await buildMapping(t, owner, { is_dummy: 0 });
    await buildRdxConfig(t, owner, id);
    const { mapping } = await stateOf(id);
    const order = openingOrder(id, { tag: 'rdxfence1' });
    await t.services.engineRepo.insertPending(order, mapping.positionVersion);
    const again = t.services.engineRepo.insertPending({ ...order, tag: 'rdxfence2' }, mapping.positionVersion);
    await expect(again).rejects.toBeInstanceOf(StalePositionError);
    expect(await t.services.engineRepo.countByTag('rdxfence2')).toBe(0);
    expect((await stateOf(id)).mapping.positionVersion).toBe(mapping.positionVersion + 1);
  });
});

describe('an order another console has only just written', () => {
  it('is waited for, not given up as never sent, for a minute: that console may be sending it now', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'GR1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('GR1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    const id = await running(0, broker.id);
    const { mapping } = await stateOf(id);
    // Written as pending by another console that lost its lock, and not yet at the broker. (One this
    // console wrote itself, before a crash, is failed at once: crash-recovery.int.test.ts.)
    await t.services.engineRepo.insertPending(
      openingOrder(id, {
        userBrokerId: broker.id,
        tag: 'rdxinflight',
        writtenBy: 'another-console',
        tradingSymbol: 'NIFTY26D0124600CE',
        strikePaise: 2_460_000,
      }),
      mapping.positionVersion,
    );
    const early = await realign(id);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toBe(
      'Not now: waiting for the broker to settle SELL 65 NIFTY26D0124600CE (being placed)',
    );
    expect((await t.services.engineRepo.pendingOf(id)).map((o) => o.tag)).toEqual(['rdxinflight']);

    // A minute on, it cannot be on its way any more: failed, and the strategy trades.
    t.clock.advance(61_000);
    expect((await realign(id)).statusCode).toBe(200);
    expect(await t.services.engineRepo.pendingOf(id)).toEqual([]);
    expect((await stateOf(id)).legs).toHaveLength(2);
  });
});

describe('an order given up as never sent that the broker took after all', () => {
  it('is pending again once its sender learns its broker id, and its fill is booked', async () => {
    const { id } = await buildMapping(t, owner, { is_dummy: 0 });
    await buildRdxConfig(t, owner, id);
    const repo = t.services.engineRepo;
    const { mapping } = await stateOf(id);
    const sent = await repo.insertPending(openingOrder(id, { tag: 'rdxlate1' }), mapping.positionVersion);
    const refused = await repo.insertPending(openingOrder(id, { tag: 'rdxlate2' }), mapping.positionVersion + 1);
    await repo.markFailed(sent, NEVER_SENT, t.clock.now());
    await repo.markFailed(refused, 'Margin exceeds.', t.clock.now());

    expect(await repo.markPlaced(sent, 'B-1', t.clock.now())).toBe(true);
    // A refusal stays one: only "never sent" was a guess.
    expect(await repo.markPlaced(refused, 'B-2', t.clock.now())).toBe(false);
    expect((await repo.pendingOf(id)).map((o) => [o.tag, o.brokerOrderId, o.error])).toEqual([
      ['rdxlate1', 'B-1', null],
    ]);
    const fills = await repo.recordFills(sent, [{ tradeId: 'T-1', quantity: 65, pricePaise: 10_000 }], t.clock.now());
    expect(fills).toHaveLength(1);
    expect(await netAndOpen(id)).toMatchObject({ net: [['NIFTY26D0124500CE', 65]], open: [['NIFTY26D0124500CE', 65]] });
  });
});

describe.runIf(dialect === 'postgres')('a console’s lock connection drops while it decides', () => {
  /** A second console's mapping locks on this test's schema, its connections named so they can be cut. */
  async function otherConsoleLocks(): Promise<{ locks: MappingLocks; cut: () => Promise<number> }> {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db);
    const name = `fence_${randomBytes(4).toString('hex')}`;
    const locks = createPostgresMappingLocks({
      url: `${url}${url.includes('?') ? '&' : '?'}application_name=${name}`,
      schema: rows[0]?.schema ?? 'public',
      logger: { warn: () => undefined },
    });
    const cut = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const ended = await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
          [name],
        );
        return ended.rows[0]?.n ?? 0;
      } finally {
        await admin.end();
      }
    };
    return { locks, cut };
  }

  it('paper: the trader’s Realign on the other console enters; the stale entry writes nothing', async () => {
    const id = await running(1);
    const other = await otherConsoleLocks();
    try {
      const refused = await other.locks.withMappings([id], async () => {
        const stale = await stateOf(id);
        expect(stale.legs).toEqual([]);
        expect(await other.cut()).toBe(1);
        // The lock is free now: the trader's Realign (this app's own lock) gets in and enters.
        expect((await realign(id)).statusCode).toBe(200);
        const entered = (await stateOf(id)).legs;
        expect(entered).toHaveLength(2);
        // The stale console enters as it decided (the same legs, at the ATM it read).
        const at = t.clock.now();
        return t.services.engineRepo
          .applyPaperFills({
            at,
            closeLegIds: [],
            openLegs: entered.map(({ id: _id, status: _s, openedAt: _o, closedAt: _c, ...leg }) => leg),
            fills: entered.map((l) => ({
              userId: owner.id,
              mappingId: id,
              strategyId: stale.mapping.strategyId,
              instrumentId: stale.mapping.instrumentId,
              tradingSymbol: l.tradingSymbol,
              quantity: l.quantity,
              pricePaise: l.entryPricePaise,
              isDummy: 1,
              orderId: null,
            })),
            atm: [
              {
                mappingId: id,
                atmPaise: (stale.mapping.config as RdxSettings).atmPaise,
                positionVersion: stale.mapping.positionVersion,
                anchor: rdxStrategy.storage,
              },
            ],
          })
          .then(
            () => null,
            (err: unknown) => err,
          );
      });
      expect(refused).toBeInstanceOf(StalePositionError);
      expect((refused as StalePositionError).mappingIds).toEqual([id]);
      const { net, open, fills } = await netAndOpen(id);
      expect(open).toHaveLength(2);
      expect(fills).toBe(2);
      expect(net).toEqual(open);
    } finally {
      await other.locks.close();
    }
  });

  it('live: the stale console sends no order; the broker holds exactly the legs booked', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'FN1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('FN1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    const id = await running(0, broker.id);
    const other = await otherConsoleLocks();
    try {
      const refused = await other.locks.withMappings([id], async () => {
        const stale = await stateOf(id);
        expect(await other.cut()).toBe(1);
        expect((await realign(id)).statusCode).toBe(200);
        const [leg] = (await stateOf(id)).legs;
        if (!leg) throw new Error('the realign entered no leg');
        // The stale console's first order of the entry it decided: written as pending before it is sent.
        return t.services.engineRepo
          .insertPending(
            openingOrder(id, {
              userBrokerId: broker.id,
              tag: 'rdxstale',
              tradingSymbol: leg.tradingSymbol,
              exchange: leg.exchange,
              quantity: leg.quantity,
              optionType: leg.optionType,
              strikePaise: leg.strikePaise,
              expiry: leg.expiry,
            }),
            stale.mapping.positionVersion,
          )
          .then(
            () => null,
            (err: unknown) => err,
          );
      });
      expect(refused).toBeInstanceOf(StalePositionError);
      expect(await t.services.engineRepo.countByTag('rdxstale')).toBe(0);
      const { net, open } = await netAndOpen(id);
      expect(open).toHaveLength(2);
      expect(net).toEqual(open);
      const positions = (await (
        await fetch(`${t.sandbox.urls.kiteApi}/portfolio/positions`, {
          headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
        })
      ).json()) as { data: { net: Array<{ tradingsymbol: string; quantity: number }> } };
      const brokerNet = positions.data.net.filter((p) => p.quantity !== 0).map((p) => [p.tradingsymbol, -p.quantity]);
      expect(brokerNet.sort()).toEqual(open);
    } finally {
      await other.locks.close();
    }
  });
});

describe.runIf(dialect === 'postgres')('what the trader sees when another console traded first', () => {
  /**
   * Another console's write to a strategy, landing while this console's own write waits for it: the
   * strategy's row is held in a transaction of its own (as an update holds it: its legs' key checks still
   * pass) until this console's write queues behind it,
   * then its position version moves on (as another console's entry would move it) and it commits.
   */
  async function tradedElsewhereDuring<T>(id: number, action: () => Promise<T>): Promise<T> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db);
    const schema = rows[0]?.schema ?? 'public';
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`set search_path to ${schema}`);
      await other.query('begin');
      await other.query('select 1 from user_strategy_mappings where id = $1 for no key update', [id]);
      const acting = action();
      await vi.waitFor(
        async () => {
          // Activity is read afresh each time: inside a transaction PostgreSQL keeps the first read's snapshot.
          await other.query('select pg_stat_clear_snapshot()');
          const waiting = await other.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
              and query like 'update user_strategy_mappings m%'`,
          );
          expect(waiting.rowCount).toBeGreaterThan(0);
        },
        { timeout: 5000 },
      );
      await other.query('update user_strategy_mappings set position_version = position_version + 1 where id = $1', [
        id,
      ]);
      await other.query('commit');
      return await acting;
    } finally {
      await other.end();
    }
  }

  const rowOf = async (id: number) => {
    const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    return res.json<{ data: Mapping[] }>().data.find((r) => r.id === id);
  };

  it('a candle close leaves that strategy alone, says why on its row, and still trades its neighbours', async () => {
    const [a, b] = [await running(1), await running(1)];
    await t.services.engine.start(); // else the row would first say the service is stopped
    await tradedElsewhereDuring(a, () => t.services.engine.evaluate('256265', '15m', 2_450_000, t.clock.now()));
    expect((await netAndOpen(a)).open).toEqual([]);
    expect((await netAndOpen(b)).open).toHaveLength(2);
    expect((await rowOf(a))?.status_detail).toContain('another action traded the strategy while this close decided');
    await t.services.engine.stop();
  });

  it('a Realign answers 409 with the reason and trades nothing', async () => {
    const id = await running(1);
    await t.services.engine.start(); // else the row would first say the service is stopped
    const res = await tradedElsewhereDuring(id, () => realign(id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', error: STALE_POSITION_MESSAGE });
    expect(await netAndOpen(id)).toEqual({ net: [], open: [], fills: 0 });
    // The trader heard it in the answer: the row does not say the strategy cannot trade.
    expect((await rowOf(id))?.status_detail).not.toContain('another action traded the strategy');
    await t.services.engine.stop();
  });
});
