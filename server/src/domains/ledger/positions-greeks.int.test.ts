import { toPaise, type OptionChain, type PositionsReply } from '@app/contract';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { black76 } from '../analytics/black76.logic.js';
import { TRADING_MINUTES_PER_YEAR } from '../analytics/expiry-time.logic.js';
import { buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Greeks on positions (issue 34, docs/ANALYTICS.md "Greeks on positions"): a paper strangle sold on the sandbox
 * exchange, its legs' IVs and greeks from their quotes, and the sums per strategy and for the user.
 */

let t: TestApp;
let owner: TestUser;
/** Monday 23 Nov 2026, 10:30 IST: the test clock (test-app.ts). */
const CLOSE = Date.parse('2026-11-23T05:00:00Z');

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function get<T>(url: string) {
  const res = await t.request({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** A running paper RDX strategy that sells a call above and a put below the sandbox index (a strangle). */
async function soldStrangle() {
  const m = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
  const chain = await get<OptionChain>('/api/analytics/chain/1');
  await t.services.engine.evaluate('256265', '15m', toPaise(chain.underlying_price), CLOSE);
  return m;
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Position = PositionsReply['positions'][number];

/** The legs' greeks summed as the server sums them: theta and vega in paise, delta and gamma as rounded. */
function expectSums(p: Pick<Position, 'legs' | 'greeks'>) {
  const legs = p.legs.map((l) => l.greeks!);
  expect(p.greeks.legs_left_out).toBe(0);
  expect(p.greeks.delta).toBeCloseTo(
    legs.reduce((s, g) => s + g.delta, 0),
    8,
  );
  expect(p.greeks.gamma).toBeCloseTo(
    legs.reduce((s, g) => s + g.gamma, 0),
    10,
  );
  expect(toPaise(p.greeks.theta)).toBe(legs.reduce((s, g) => s + toPaise(g.theta), 0));
  expect(toPaise(p.greeks.vega)).toBe(legs.reduce((s, g) => s + toPaise(g.vega), 0));
}

describe('greeks on GET /positions', () => {
  it("gives each leg of a sold strangle its IV and greeks, and the strategy's and user's sums", async () => {
    const m = await soldStrangle();
    const reply = await get<PositionsReply>('/api/positions');
    const p = reply.positions.find((x) => x.user_strategy_mapping_id === m.id)!;
    const ce = p.legs.find((l) => l.option_type === 'CE')!;
    const pe = p.legs.find((l) => l.option_type === 'PE')!;
    // Sold one lot each, out of the money on either side of the index.
    expect([ce.quantity, pe.quantity]).toEqual([65, 65]);
    expect(ce.strike!).toBeGreaterThan(pe.strike!);
    for (const leg of [ce, pe]) {
      expect(leg.ltp_is_stale).toBe(false);
      expect(leg.greeks, leg.trading_symbol).not.toBeNull();
      expect(leg.greeks!.iv).toBeGreaterThan(1);
      expect(leg.greeks!.theta).toBeGreaterThan(0); // a sold option earns the time decay
      expect(leg.greeks!.vega).toBeLessThan(0); // and loses when volatility rises
      expect(leg.greeks!.gamma).toBeLessThan(0);
    }
    expect(ce.greeks!.delta).toBeLessThan(0); // a short call loses as the index rises
    expect(pe.greeks!.delta).toBeGreaterThan(0);

    // The strangle: the legs' deltas nearly cancel; theta earned, vega short.
    expect(Math.abs(p.greeks.delta)).toBeLessThan(0.3 * (Math.abs(ce.greeks!.delta) + Math.abs(pe.greeks!.delta)));
    expect(p.greeks.theta).toBeGreaterThan(0);
    expect(p.greeks.vega).toBeLessThan(0);
    expectSums(p);
    // The user's totals: this strategy's alone, all of it paper.
    expect(reply.totals.greeks).toEqual(p.greeks);
    expect(reply.by_mode.paper.totals.greeks).toEqual(p.greeks);
    expect(reply.by_mode.live.totals.greeks).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0, legs_left_out: 0 });
  });

  it("gives the portfolio limits each user's net delta and vega in one pass, as GET /positions totals them", async () => {
    await soldStrangle();
    const other = await buildUser(t);
    const netOf = async () => t.services.positions.netGreeksByUser([owner.id, other.id]);
    const asTotalled = (reply: PositionsReply) => ({
      deltaE4: Math.round(reply.totals.greeks.delta * 10_000),
      vegaPaise: toPaise(reply.totals.greeks.vega),
    });
    const first = await netOf();
    expect(first.get(owner.id)).toEqual(asTotalled(await t.services.positions.listFor(owner.id)));
    expect(first.get(owner.id)?.vegaPaise).toBeLessThan(0);
    expect(first.get(other.id)).toEqual({ deltaE4: 0, vegaPaise: 0 });
    // A second strategy's fills are seen on the next pass (its figures are kept only while the book is the same).
    await soldStrangle();
    const second = await netOf();
    const totals = asTotalled(await t.services.positions.listFor(owner.id));
    expect(second.get(owner.id)).toEqual(totals);
    expect(totals.vegaPaise).toBeLessThan(first.get(owner.id)?.vegaPaise ?? 0);
  });

  it("solves each IV on the index carried at the repo rate over the trading minutes left: Black-76 gives back the leg's LTP", async () => {
    await soldStrangle();
    const { positions } = await get<PositionsReply>('/api/positions');
    const leg = positions[0]!.legs[0]!;
    const chain = await get<OptionChain>(`/api/analytics/chain/1?expiry=${leg.expiry}`);
    const years = chain.minutes_to_expiry / TRADING_MINUTES_PER_YEAR;
    const rate = chain.rate / 100;
    const model = black76({
      optionType: leg.option_type as 'CE' | 'PE',
      forward: toPaise(chain.underlying_price) * Math.exp(rate * years),
      strike: toPaise(leg.strike!),
      years,
      rate,
      vol: leg.greeks!.iv / 100,
    });
    expect(Math.abs(model.price - toPaise(leg.ltp!))).toBeLessThan(1);
    // Position greeks: the unit's × the 65 units sold.
    expect(leg.greeks!.delta).toBeCloseTo(-65 * model.delta, 3);
    expect(leg.greeks!.theta).toBeCloseTo((-65 * model.theta) / 100, 1);
    expect(leg.greeks!.vega).toBeCloseTo((-65 * model.vega) / 100, 1);
  });

  it('gives a leg no greeks once its option has expired, and the sums say how many legs they leave out', async () => {
    const m = await soldStrangle();
    const { positions } = await get<PositionsReply>('/api/positions');
    const expiry = positions[0]!.legs[0]!.expiry!;
    t.clock.set(Date.parse(`${expiry}T12:00:00Z`)); // after that day's 15:30 IST close
    // The service itself: a week on, the test's session has lapsed.
    const reply = await t.services.positions.listFor(owner.id);
    const p = reply.positions.find((x) => x.user_strategy_mapping_id === m.id)!;
    expect(p.legs).toHaveLength(2);
    expect(p.legs.map((l) => l.greeks)).toEqual([null, null]);
    expect(p.greeks).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0, legs_left_out: 2 });
    expect(reply.totals.greeks.legs_left_out).toBe(2);
  });
});

describe('greeks on positions_updated', () => {
  it('carries the same leg greeks and sums as GET /positions', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Client = connect(url, {
      auth: { token: owner.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      const arrived = new Promise<Position>((resolve) => socket.once('positions_updated', (u) => resolve(u.position)));
      const m = await soldStrangle();
      const pushed = await arrived;
      expect(pushed.user_strategy_mapping_id).toBe(m.id);
      expect(pushed.legs.every((l) => l.greeks !== null)).toBe(true);
      expectSums(pushed);
      const listed = (await get<PositionsReply>('/api/positions')).positions[0]!;
      expect(pushed.legs.map((l) => l.greeks)).toEqual(listed.legs.map((l) => l.greeks));
      expect(pushed.greeks).toEqual(listed.greeks);
    } finally {
      socket.disconnect();
    }
  });
});
