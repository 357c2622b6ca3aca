import { toPaise } from '@app/contract';
import type { Mapping, PositionsReply, Transaction } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { scheduleAt } from '../ledger/charges.logic.js';
import { contractNote } from '../ledger/contract-note.logic.js';
import { settlementInstant } from './expiry-settlement.logic.js';

/*
 * Issue 12 §5: a leg still held when its contract settles (the strategy paused through expiry day) is
 * closed at intrinsic value, as the exchange closes it, so positions and P&L stay whole.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const actor = () => ({ userId: owner.id, role: 'user' as const });
const NIFTY = '256265';
/** NIFTY's lot (NSE, from the January 2026 expiries): the strangle sells one lot a leg. */
const NIFTY_LOT = 65;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function get<T>(url: string) {
  // The clock jumps to expiry day, past the session's life: sign in again as the trader would.
  const { token } = await t.services.auth.login({ username: owner.username, password: owner.password }, '10.0.0.9');
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T }>().data;
}
const fills = async () => (await get<{ transactions: Transaction[] }>('/api/transactions?limit=100')).transactions;
const openLegs = (mappingId: number) => t.services.engineRepo.openLegsOf(mappingId);
const paise = (rupees: number) => toPaise(rupees);

/** A paper strangle sold at 10:30 on NIFTY 24,500 (CE 24,600, PE 24,400), then paused. */
async function pausedStrangle() {
  const m = await buildMapping(t, owner, {});
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  await t.services.engine.evaluate(NIFTY, '15m', 2450000, CLOSE);
  await t.services.mappings.setRunningStatus(actor(), m.id, 2);
  const legs = await openLegs(m.id);
  expect(legs).toHaveLength(2);
  const expiry = legs[0]?.expiry ?? '';
  expect(legs.every((l) => l.expiry === expiry)).toBe(true);
  return { m, expiry };
}

/** The underlying's last minute before the close on `expiry`, as the console stored it. */
async function closingCandle(expiry: string, close: number) {
  const ts = settlementInstant(expiry) - 60_000;
  const c = String(close);
  await t.services.candles.upsert({ source: 'kite', instrumentToken: NIFTY, interval: '1m' }, [
    { ts, open: c, high: c, low: c, close: c, volume: '0' },
  ]);
}

describe('legs held into their expiry', () => {
  it('are closed at intrinsic value at 15:30 IST, the one in the money charged its close-out order, and the strategy is flat', async () => {
    const { m, expiry } = await pausedStrangle();
    const sold = await fills();
    await closingCandle(expiry, 24650); // CE 24,600 ends ₹50 in the money, PE 24,400 worthless

    t.clock.set(settlementInstant(expiry) - 60_000);
    await t.services.engine.follow();
    expect(await openLegs(m.id)).toHaveLength(2); // not before the settlement

    t.clock.set(settlementInstant(expiry) + 60_000);
    await t.services.engine.follow();
    await t.services.engine.follow(); // a second pass books nothing more
    expect(await openLegs(m.id)).toHaveLength(0);
    const after = await fills();
    const settled = after.filter((f) => !sold.some((s) => s.id === f.id));
    expect(settled.map((f) => [f.trading_symbol.slice(-7), f.quantity, f.price]).sort()).toEqual([
      ['24400PE', -NIFTY_LOT, 0],
      ['24600CE', -NIFTY_LOT, 50],
    ]);
    expect(settled.every((f) => Date.parse(f.transaction_date) === settlementInstant(expiry))).toBe(true);

    const p = (await get<PositionsReply>('/api/positions')).positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(p?.legs).toEqual([]);
    const premium = sold.reduce((s, f) => s + f.quantity * paise(f.price), 0);
    expect(paise(p?.realized_pnl ?? NaN)).toBe(premium - NIFTY_LOT * 5000);
    expect(p?.unrealized_pnl).toBe(0);
    // The opening day's contract note, plus the broker's close-out order on the leg settled in the money:
    // Zerodha charges ₹20 + 18% GST on it (charges page: "brokerage is also charged on expired, exercised,
    // and assigned options contracts"); the one that expired worthless costs nothing.
    const openingNote = contractNote(
      sold.map((f) => ({
        owner: String(m.id),
        tradingSymbol: f.trading_symbol,
        quantity: f.quantity,
        pricePaise: paise(f.price),
        at: Date.parse(f.transaction_date),
      })),
      scheduleAt(Date.parse(sold[0]!.transaction_date)),
    );
    const entryCharges = openingNote.charges.totalPaise + 2000 + 360;
    expect(paise(p?.charges ?? NaN)).toBe(entryCharges);
  });

  it('wait, and say why on the strategy, when the console never saw the underlying at the close', async () => {
    const { m, expiry } = await pausedStrangle();
    t.clock.set(settlementInstant(expiry) + 2 * 3600_000); // past the hour the live price may stand in
    await t.services.engine.follow();
    expect(await openLegs(m.id)).toHaveLength(2);
    const row = (await get<Mapping[]>('/api/strategies/user-mappings')).find((x) => x.id === m.id);
    expect(row?.status_detail).toContain(`no price of NIFTY 50 at the ${expiry} settlement`);

    await closingCandle(expiry, 24300); // the candle arrives (a historical sync): PE ₹100 in the money
    await t.services.engine.follow();
    expect(await openLegs(m.id)).toHaveLength(0);
    const settled = (await fills()).filter((f) => f.quantity < 0);
    expect(settled.map((f) => [f.trading_symbol.slice(-7), f.price]).sort()).toEqual([
      ['24400PE', 100],
      ['24600CE', 0],
    ]);
    // Flat at the exchange's hand, the strategy stops and says so (issue 13's `expiry` stop reason).
    const settledRow = (await get<Mapping[]>('/api/strategies/user-mappings')).find((x) => x.id === m.id);
    expect([settledRow?.running_status, settledRow?.stop_reason]).toEqual([0, 'expiry']);
    expect(settledRow?.status_detail).toMatch(/^Stopped at expiry at \d\d:\d\d IST/);
  });

  /** A live strangle sold at 10:30 on the Monday whose exit's first close (the CE buyback) lost its reply at `exitAt`. */
  async function liveStrangleWithLostClose(exitAt: (expiry: string) => number) {
    const broker = await buildUserBroker(t, owner, { broker_username: 'EX1234' });
    const issue = () => t.sandbox.control.issueKiteAccessToken('EX1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: issue() });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.evaluate(NIFTY, '15m', 2450000, CLOSE);
    const legs = await openLegs(m.id);
    expect(legs).toHaveLength(2);
    const expiry = legs[0]?.expiry ?? '';

    // Exit: the broker takes the first close (the CE buyback) but its reply is lost, so it stays pending.
    t.clock.set(exitAt(expiry));
    await t.services.brokers.update(actor(), broker.id, { broker_token: issue() });
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    // …and the broker's reads fail for the while of the Exit (its look at the positions before the closes and
    // its look by tag after the lost reply, five tries each), so the order stays unsettled.
    t.sandbox.control.failNext('kite.other', 10, 'drop');
    const { token } = await t.services.auth.login({ username: owner.username, password: owner.password }, '10.0.0.9');
    const exit = await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${m.id}/exit`, token });
    expect(exit.statusCode).not.toBe(200);
    const db = t.database.db;
    expect(
      (await db.selectFrom('brokerOrders').select('status').where('status', '=', 'pending').execute()).length,
    ).toBe(1);

    // The contract settles with the order still unsettled here; the morning's token is in place.
    await closingCandle(expiry, 24650);
    t.clock.set(settlementInstant(expiry) + 60_000);
    await t.services.brokers.update(actor(), broker.id, { broker_token: issue() });
    await t.services.engine.follow();
    return { m };
  }

  it('of a live strategy wait for its close order the broker filled before the expiry, and are not closed twice', async () => {
    // The exit half an hour before the close on expiry day: the order is still in the day's order book.
    const { m } = await liveStrangleWithLostClose((expiry) => settlementInstant(expiry) - 30 * 60_000);

    expect(await openLegs(m.id)).toHaveLength(0);
    const orders = await t.database.db.selectFrom('brokerOrders').select(['status', 'tradingSymbol']).execute();
    expect(orders.filter((o) => o.status === 'pending')).toEqual([]);
    // The CE was bought back by its order (booked once, at the broker's price); only the PE settled at 0.
    const booked = await fills();
    const settlement = booked.filter((f) => f.kind === 'settlement');
    expect(settlement.map((f) => f.trading_symbol.slice(-7))).toEqual(['24400PE']);
    const ce = booked.filter((f) => f.trading_symbol.endsWith('24600CE'));
    expect(ce.map((f) => f.quantity).sort((a, b) => a - b)).toEqual([-NIFTY_LOT, NIFTY_LOT]);
    expect(ce.every((f) => f.kind !== 'settlement')).toBe(true);
  });

  it('of a live strategy wait, and say why, while a close sent on an earlier day is gone from the order book', async () => {
    // The exit on the Monday; the contract settles on Tuesday, when Kite's order book holds Tuesday's orders
    // only. Whether the CE buyback filled cannot be asked any more: failing it as "never sent" would settle
    // the CE a second time here (the broker holds none of it).
    const { m } = await liveStrangleWithLostClose(() => CLOSE + 60_000);

    expect(await openLegs(m.id)).toHaveLength(2);
    const orders = await t.database.db.selectFrom('brokerOrders').select(['status', 'tradingSymbol']).execute();
    const pending = orders.filter((o) => o.status === 'pending').map((o) => o.tradingSymbol);
    expect(pending.map((symbol) => symbol.slice(-7))).toEqual(['24600CE']);
    expect((await fills()).filter((f) => f.kind === 'settlement')).toEqual([]);
    const row = (await get<Mapping[]>('/api/strategies/user-mappings')).find((x) => x.id === m.id);
    expect(row?.status_detail).toContain(
      `BUY 65 ${pending[0]} (sent on 23 Nov and no longer in the broker's order book, so whether it filled is ` +
        "unknown: check the Kite account, then settle it on the strategy's row)",
    );
  });
});
