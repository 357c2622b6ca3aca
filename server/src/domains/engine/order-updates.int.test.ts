import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { ControlOrder } from '../../sandbox/sandbox-control-routes.js';

/*
 * Order updates pushed, not only polled (issue 12): a live order that rests at the broker and fills later is
 * booked from the update Kite pushes on the ticker; with the ticker down, polling still books it.
 */

let t: TestApp;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
/**
 * NIFTY at 24,500 puts the CE leg (ATM + 100) on the 24,600 call of 1 December, the nearest expiry after
 * Monday's (today's, moved from the Tuesday holiday): at 10:30 on this seed only two lots bid within its
 * market protection, so a three-lot sell fills two and rests with one until the price moves.
 */
const NIFTY_CLOSE_PAISE = 2_450_000;
/** NIFTY's lot (NSE, from the January 2026 expiries). */
const NIFTY_LOT = 65;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** A running live mapping selling three CE lots through `brokerUser`'s Kite account; returns its id and token. */
async function liveMapping(brokerUser: string) {
  const broker = await buildUserBroker(t, owner, { broker_username: brokerUser });
  const token = t.sandbox.control.issueKiteAccessToken(brokerUser);
  await t.services.brokers.update(actor(), broker.id, { broker_token: token });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id, ce_count: 3, pe_count: 0 });
  await t.services.rdxConfigs.create(actor(), m.id, {
    rdx_lot_count: 1,
    atm_value: 24500,
    offset_value: 100,
    interval: '15m',
  });
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return { id: m.id, token };
}

/**
 * The account's order once it rests part-filled at the broker, the console has looked at it once (its
 * history was served) and listens for the account's updates: the console is now waiting for the fill.
 */
async function restingAtBroker(brokerUser: string): Promise<ControlOrder> {
  let resting: ControlOrder | undefined;
  await vi.waitFor(
    () => {
      resting = t.sandbox.control.orders().find((o) => o.user_id === brokerUser);
      expect(resting).toMatchObject({ status: 'OPEN', quantity: 3 * NIFTY_LOT, filled_quantity: 2 * NIFTY_LOT });
      expect(resting?.history_reads).toBeGreaterThanOrEqual(1);
      expect(t.sandbox.control.kiteTickerUsers()).toContain(brokerUser);
    },
    { timeout: 10_000, interval: 10 },
  );
  if (!resting) throw new Error('no resting order');
  return resting;
}

/**
 * Moves the market a second at a time until the order has filled, all in one turn of the event loop: the
 * console cannot act (or reconnect) in between, only receive what the broker pushed.
 */
function fillAtBroker(orderId: string): ControlOrder {
  for (let second = 0; second < 300; second++) {
    const order = t.sandbox.control.orders().find((o) => o.order_id === orderId);
    if (order?.status === 'COMPLETE') return order;
    t.clock.advance(1000);
    t.sandbox.control.pump();
  }
  throw new Error('the order never filled');
}

/** What the console booked for the mapping: its orders and its open legs. */
async function booked(mappingId: number) {
  const orders = await t.database.db
    .selectFrom('brokerOrders')
    .select(['brokerOrderId', 'status', 'fillPricePaise'])
    .where('mappingId', '=', mappingId)
    .execute();
  const legs = (await t.services.engineRepo.openLegsOf(mappingId)).map((l) => [l.tradingSymbol, l.quantity]);
  return { orders, legs };
}

describe('a live order that fills after resting at the broker', () => {
  it("is booked from the update Kite pushes on the ticker, with the order's history unreadable", async () => {
    const { id, token } = await liveMapping('OU1234');
    const evaluation = t.services.engine.evaluate('256265', '15m', NIFTY_CLOSE_PAISE, CLOSE);
    const resting = await restingAtBroker('OU1234');
    // From here every order-history read fails: only the pushed update can tell the console it filled. Its
    // trades still read, so it is booked at the broker's prices (issue 28).
    t.sandbox.control.failNext('kite.other.history', 100_000, 'rate-limit');
    const filled = fillAtBroker(resting.order_id);
    await evaluation;

    expect(await booked(id)).toEqual({
      orders: [
        {
          brokerOrderId: resting.order_id,
          status: 'filled',
          fillPricePaise: toPaise(filled.average_price),
        },
      ],
      legs: [[filled.tradingsymbol, 3 * NIFTY_LOT]],
    });
    // Polling was unavailable all along: a history read is still refused.
    const look = await fetch(`${t.sandbox.urls.kiteApi}/orders/${resting.order_id}`, {
      headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${token}` },
    });
    expect(look.status).toBe(429);
    t.sandbox.control.clearFaults();
  });

  it('is still booked by polling when the ticker drops and the update is lost (drop_ticker)', async () => {
    const { id } = await liveMapping('OV1234');
    const evaluation = t.services.engine.evaluate('256265', '15m', NIFTY_CLOSE_PAISE, CLOSE);
    const resting = await restingAtBroker('OV1234');
    // The connection is cut and the order fills before the console can reconnect: Kite does not resend.
    expect(t.sandbox.control.dropKiteTickerConnections()).toBeGreaterThanOrEqual(1);
    const filled = fillAtBroker(resting.order_id);
    await evaluation;

    expect(await booked(id)).toEqual({
      orders: [
        {
          brokerOrderId: resting.order_id,
          status: 'filled',
          fillPricePaise: toPaise(filled.average_price),
        },
      ],
      legs: [[filled.tradingsymbol, 3 * NIFTY_LOT]],
    });
  });
});
