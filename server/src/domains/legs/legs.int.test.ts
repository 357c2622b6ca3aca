import { LEGS_TEMPLATES, type LegsConfigInput } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { strategyRowOf } from '../../../test/legs-steps.js';

/*
 * Issue 33: the Multi-leg strategy through the real path: its settings saved through the type-agnostic config
 * routes, started, entered by the engine on a candle close at its entry time with each leg's strike chosen by its
 * rule, held, and squared off at its exit time, once a day.
 */

let t: TestApp;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });
/** Monday 23 Nov 2026, IST. */
const ist = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`);
const NIFTY = '256265';

const STRANGLE: LegsConfigInput = {
  legs: [
    { option_type: 'CE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 2 } },
    { option_type: 'PE', side: 'SELL', lots: 2, expiry: 'next_week', strike: { by: 'atm', steps: 1 } },
  ],
  entry: { kind: 'time', at: '09:20' },
  exit_at: '15:15',
};

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function multiLegId(): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/list', token: owner.token });
  const found = res.json<{ data: Array<{ id: number; name: string; type: string | null }> }>().data;
  const legs = found.find((s) => s.type === 'legs');
  expect(legs).toMatchObject({ name: 'Multi-leg', type: 'legs' });
  return legs!.id;
}

const config = (id: number, method: 'GET' | 'PUT', payload?: object) =>
  t.request({
    method,
    url: `/api/strategies/user-mappings/${id}/config`,
    token: owner.token,
    ...(payload ? { payload } : {}),
  });

/** A 1-minute close of NIFTY at `hhmm` IST, the console's clock moved there first. */
async function at(hhmm: string, pricePaise = 2480000) {
  t.clock.set(ist(hhmm));
  await t.services.engine.evaluate(NIFTY, '1m', pricePaise, ist(hhmm));
}

describe('a Multi-leg strategy', () => {
  it('saves a template through the config routes and refuses a bad leg naming it', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    expect((await config(m.id, 'GET')).json().data).toEqual({ strategy_type: 'legs', config: null });
    const condor = LEGS_TEMPLATES.find((x) => x.key === 'iron-condor')!;
    const saved = await config(m.id, 'PUT', condor.config);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ strategy_type: 'legs', config: condor.config });
    expect((await config(m.id, 'GET')).json().data.config).toEqual(condor.config);

    const bad = structuredClone(STRANGLE) as { legs: Array<Record<string, unknown>> };
    bad.legs[1]!.lots = 0;
    const refused = await config(m.id, 'PUT', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Leg 2 Lots must be at least 1');
    // Nothing half-written: the condor stands.
    expect((await config(m.id, 'GET')).json().data.config).toEqual(condor.config);
  });

  it('enters every leg at its entry time, holds them, squares off at its exit time, and enters once a day', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    expect((await config(m.id, 'PUT', STRANGLE)).statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();

    await at('09:19', 2450000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(0);
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toMatch(/^Waiting for 09:20 IST to enter/);

    await at('09:21', 2450000);
    const legs = await t.services.engineRepo.openLegsOf(m.id);
    expect(legs).toHaveLength(2);
    const ce = legs.find((l) => l.optionType === 'CE')!;
    const pe = legs.find((l) => l.optionType === 'PE')!;
    // ATM 24,500; CE two steps out of the money (up), PE one step out (down), on their own expiries.
    expect(ce.strikePaise).toBe(2460000);
    expect(pe.strikePaise).toBe(2445000);
    expect(pe.expiry > ce.expiry).toBe(true);
    expect(ce.quantity).toBe(65);
    expect(pe.quantity).toBe(130);
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toBe('Holding 2 legs: squaring off at 15:15 IST');

    // Held through the day whatever the index does.
    await at('11:00', 2480000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(2);

    await at('15:15', 2480000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(0);
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['tradingSymbol', 'quantity'])
      .where('mappingId', '=', m.id)
      .execute();
    expect(fills).toHaveLength(4);
    // Every unit sold was bought back: nothing left open per contract.
    const net = new Map<string, number>();
    for (const f of fills) net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
    expect([...net.values()].every((q) => q === 0)).toBe(true);
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toMatch(
      /^Entered today at 09:21 IST: next entry tomorrow/,
    );

    // Not again today on a later close.
    await at('15:20');
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(0);
    await t.services.engine.stop();
  });

  it('trades the iron condor template: wings bought, body sold, each booked with its sign, all closed at 15:15', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    const condor = LEGS_TEMPLATES.find((x) => x.key === 'iron-condor')!;
    expect((await config(m.id, 'PUT', condor.config)).statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();

    await at('09:30', 2450000);
    const legs = await t.services.engineRepo.openLegsOf(m.id);
    const held = legs.map((l) => `${l.optionType} ${l.strikePaise / 100} ${l.quantity}`).sort();
    // ATM 24,500: bought wings four steps out (24,700 CE, 24,300 PE), sold body two steps out (24,600, 24,400).
    expect(held).toEqual(['CE 24600 65', 'CE 24700 -65', 'PE 24300 -65', 'PE 24400 65']);
    const positions = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    expect(positions.statusCode).toBe(200);

    await at('15:15', 2450000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(0);
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['tradingSymbol', 'quantity'])
      .where('mappingId', '=', m.id)
      .execute();
    expect(fills).toHaveLength(8);
    const net = new Map<string, number>();
    for (const f of fills) net.set(f.tradingSymbol, (net.get(f.tradingSymbol) ?? 0) + f.quantity);
    expect([...net.values()]).toEqual([0, 0, 0, 0]);
    await t.services.engine.stop();
  });

  it('chooses strikes by premium from the sandbox exchange’s quotes: the options nearest ₹50 either side', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    const byPremium = LEGS_TEMPLATES.find((x) => x.key === 'strangle-by-premium-50')!.config;
    // Its 30 % stops are not watched yet: without them the strategy trades. Next week's contracts: this week's
    // expire today (the 24th is a holiday), where ₹50 buys an option at the money.
    const config50 = {
      ...byPremium,
      legs: byPremium.legs.map((l) => ({ ...l, stop_loss: null, expiry: 'next_week' as const })),
    };
    expect((await config(m.id, 'PUT', config50)).statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();

    await at('09:21', 2450000);
    const legs = await t.services.engineRepo.openLegsOf(m.id);
    expect(legs.map((l) => l.optionType).sort()).toEqual(['CE', 'PE']);
    // Out of the money either side of the sandbox's own index (an ATM option there is priced in the hundreds), so
    // the call's strike is above the put's, each filled near ₹50.
    const ce = legs.find((l) => l.optionType === 'CE')!;
    const pe = legs.find((l) => l.optionType === 'PE')!;
    expect(ce.strikePaise, JSON.stringify(legs)).toBeGreaterThan(pe.strikePaise);
    for (const leg of legs) {
      expect(leg.entryPricePaise, JSON.stringify(legs)).toBeGreaterThan(2000);
      expect(leg.entryPricePaise, JSON.stringify(legs)).toBeLessThan(9000);
    }
    await t.services.engine.stop();
  });

  it('closes a sold leg alone at its stop-loss when its premium jumps, keeps the bought one, books it once', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    const hedged: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'next_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
        },
        { option_type: 'CE', side: 'BUY', lots: 1, expiry: 'next_week', strike: { by: 'atm', steps: 4 } },
      ],
      entry: { kind: 'time', at: '09:20' },
      exit_at: '15:15',
    };
    expect((await config(m.id, 'PUT', hedged)).statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();

    await at('09:21', 2450000);
    const entered = await t.services.engineRepo.openLegsOf(m.id);
    expect(entered.map((l) => l.quantity).sort((a, b) => a - b)).toEqual([-65, 65]);
    // Within the stop: held.
    await at('09:22', 2450000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(2);

    // Implied volatility triples: the sold call's premium passes its 25 % stop.
    t.sandbox.control.shockVolatility('NIFTY', 3);
    await at('09:30', 2450000);
    const left = await t.services.engineRepo.openLegsOf(m.id);
    expect(left.map((l) => l.quantity)).toEqual([-65]);
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toMatch(
      /^Holding 1 leg \(Leg 1 CE stopped at ₹[\d,]+\.\d\d\): squaring off at 15:15 IST$/,
    );
    const sold = entered.find((l) => l.quantity > 0)!;
    const exit = await t.database.db
      .selectFrom('transactions')
      .select(['quantity', 'pricePaise'])
      .where('mappingId', '=', m.id)
      .where('tradingSymbol', '=', sold.tradingSymbol)
      .orderBy('id')
      .execute();
    // Sold once, bought back once, above the stop (125 % of the entry).
    expect(exit.map((f) => f.quantity)).toEqual([65, -65]);
    expect(exit[1]!.pricePaise).toBeGreaterThanOrEqual(Math.ceil(sold.entryPricePaise * 1.25));
    // Once: the next close has nothing more to stop.
    await at('09:31', 2450000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(1);
    const fills = await t.database.db.selectFrom('transactions').select('id').where('mappingId', '=', m.id).execute();
    expect(fills).toHaveLength(3);
    await t.services.engine.stop();
  });

  it('stops a leg within a second of the price that reaches its stop, between candle closes, once', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegId() });
    const stopped: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'next_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
        },
        { option_type: 'CE', side: 'BUY', lots: 1, expiry: 'next_week', strike: { by: 'atm', steps: 4 } },
      ],
      entry: { kind: 'time', at: '10:31' },
      exit_at: '15:15',
    };
    expect((await config(m.id, 'PUT', stopped)).statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();
    // After the console's clock (10:30): its caches never see time run backwards.
    await at('10:32', 2450000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(2);

    // Premiums triple a few seconds later, no candle closing: the next price update stops the sold call.
    t.sandbox.control.shockVolatility('NIFTY', 3);
    t.clock.advance(2000);
    await t.services.positionsFeed.tick();
    await t.services.legStopsSettled();
    const left = await t.services.engineRepo.openLegsOf(m.id);
    expect(left.map((l) => l.quantity)).toEqual([-65]);

    // Later updates find nothing more to stop.
    t.clock.advance(2000);
    await t.services.positionsFeed.tick();
    await t.services.legStopsSettled();
    const fills = await t.database.db.selectFrom('transactions').select('id').where('mappingId', '=', m.id).execute();
    expect(fills).toHaveLength(3);
    await t.services.engine.stop();
  });
});
