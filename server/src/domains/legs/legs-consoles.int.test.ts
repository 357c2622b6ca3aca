import type { LegsConfigInput } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { legsMemoOf, multiLegStrategyId } from '../../../test/legs-steps.js';

/*
 * Issue 33 item 4, many consoles on one database: two consoles of one cluster (each its own engine, leg watch and,
 * on PostgreSQL, its own connections, so each lock is another session's to the other) decide the same Multi-leg
 * strategy at once when its leg's stop is crossed: each by its candle close and by a price update's question
 * (`reconsider`). The strategy's lock and its memo, written before the orders, keep it to one buy-back and one
 * re-entry, and the fills net to the open legs per contract.
 */

let a: TestApp;
let b: TestApp;
let owner: TestUser;
const ist = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`);
const NIFTY = '256265';
const PRICE = 2_450_000;

beforeEach(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ beside: a });
  owner = await buildUser(a);
});
afterEach(async () => {
  await b.close();
  await a.close();
});

const fillsOf = (mappingId: number) =>
  a.database.db
    .selectFrom('transactions')
    .select(['tradingSymbol', 'quantity'])
    .where('mappingId', '=', mappingId)
    .orderBy('id')
    .execute();

/** Both consoles' engines decide the strategy at `hhmm` at once: each its close and each a price update's question. */
async function together(mappingId: number, hhmm: string) {
  a.clock.set(ist(hhmm));
  await Promise.all([
    a.services.engine.evaluate(NIFTY, '1m', PRICE, ist(hhmm)),
    b.services.engine.evaluate(NIFTY, '1m', PRICE, ist(hhmm)),
    a.services.engine.reconsider(mappingId),
    b.services.engine.reconsider(mappingId),
  ]);
}

describe('a Multi-leg strategy decided by two consoles at once', () => {
  it('buys the stopped leg back once and enters it again once, the memo and the fills agreeing', async () => {
    const m = await buildMapping(a, owner, { strategy_id: await multiLegStrategyId(a, owner.token) });
    const config: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'next_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
          re_entry: { times: 1, when: 'at_once' },
        },
        { option_type: 'PE', side: 'SELL', lots: 1, expiry: 'next_week', strike: { by: 'atm', steps: 1 } },
      ],
      entry: { kind: 'time', at: '09:20' },
      exit_at: '15:15',
    };
    const saved = await a.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/config`,
      token: owner.token,
      payload: config,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await a.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);

    // Both consoles at the entry time: one entry of two legs.
    await together(m.id, '09:21');
    const entered = await a.services.engineRepo.openLegsOf(m.id);
    expect(entered.map((l) => l.quantity)).toEqual([65, 65]);
    const call = entered.find((l) => l.optionType === 'CE')!.tradingSymbol;

    // The call's premium jumps past its stop; both consoles decide at once, twice over (the stop, then the re-entry).
    a.sandbox.control.shockVolatility('NIFTY', 3);
    await together(m.id, '09:30');
    await together(m.id, '09:31');
    await together(m.id, '09:32');

    const calls = (await fillsOf(m.id)).filter((f) => f.tradingSymbol === call).map((f) => f.quantity);
    expect(calls).toEqual([65, -65, 65]);
    expect((await legsMemoOf(a.database, m.id)).legs[0]).toMatchObject({ symbol: call, reEntries: 1, out: null });
    // Fills net per contract = the open legs.
    const net = new Map<string, number>();
    for (const f of await fillsOf(m.id)) net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
    const open = await a.services.engineRepo.openLegsOf(m.id);
    expect(Object.fromEntries([...net].filter(([, q]) => q !== 0))).toEqual(
      Object.fromEntries(open.map((l) => [l.tradingSymbol, l.quantity])),
    );
    expect(open).toHaveLength(2);
  });
});
