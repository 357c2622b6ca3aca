import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPaise, type OptionChain, type Payoff } from '@app/contract';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { black76 } from './black76.logic.js';
import { TRADING_MINUTES_PER_YEAR } from './expiry-time.logic.js';

// NIFTY 50 is instrument 1; the clock stands at Monday 23 Nov 2026, 10:30 IST (test-app.ts).
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** `token` null: no session. */
const getChain = (query = '', token: string | null = user.token, id: number | string = 1) =>
  t.request({ method: 'GET', url: `/api/analytics/chain/${id}${query}`, token: token ?? undefined });
const postPayoff = (payload: object, token: string | null = user.token) =>
  t.request({ method: 'POST', url: '/api/analytics/payoff', token: token ?? undefined, payload });

const paise = toPaise;

describe('GET /analytics/chain/{instrument_id}', () => {
  let chain: OptionChain;
  beforeAll(async () => {
    const res = await getChain();
    expect(res.statusCode, res.body).toBe(200);
    chain = res.json().data as OptionChain;
  });

  it('gives the nearest expiry, 21 strikes around the money and the inputs it priced with', () => {
    expect(chain.expiry).toBe(chain.expiries[0]);
    expect(chain.expiry >= '2026-11-23').toBe(true);
    expect(chain.strikes).toHaveLength(21);
    const strikes = chain.strikes.map((s) => s.strike);
    expect(strikes).toEqual([...strikes].sort((a, b) => a - b));
    // ATM (the strike nearest the index) sits in the middle, ten listed strikes either side.
    const nearest = strikes.reduce((a, b) =>
      Math.abs(b - chain.underlying_price) < Math.abs(a - chain.underlying_price) ? b : a,
    );
    expect(strikes[10]).toBe(nearest);
    expect(chain.rate).toBe(5.25);
    expect(chain.rate_source).toMatch(/RBI policy repo rate 5\.25%.*5 Dec 2025.*in force from 2025-12-05/);
    expect(chain.minutes_to_expiry).toBeGreaterThan(0);
    expect(Math.abs(chain.forward - chain.underlying_price)).toBeLessThan(chain.underlying_price * 0.01);
  });

  it('gives IVs that reprice every quoted option to the paisa by Black-76 on the stated forward', () => {
    const years = chain.minutes_to_expiry / TRADING_MINUTES_PER_YEAR;
    let priced = 0;
    for (const row of chain.strikes) {
      for (const [type, o] of [
        ['CE', row.ce],
        ['PE', row.pe],
      ] as const) {
        expect(o.ltp, `${row.strike} ${type}`).not.toBeNull();
        if (o.iv === null) {
          expect([o.delta, o.gamma, o.theta, o.vega]).toEqual([null, null, null, null]);
          continue;
        }
        priced += 1;
        const model = black76({
          optionType: type,
          forward: paise(chain.forward),
          strike: paise(row.strike),
          years,
          rate: chain.rate / 100,
          vol: o.iv / 100,
        });
        expect(Math.round(model.price), `${row.strike} ${type}`).toBe(paise(o.ltp!));
        expect(o.vega).toBeGreaterThanOrEqual(0);
        expect(o.theta).toBeLessThanOrEqual(0);
      }
    }
    // Only options priced at their bound (deep in the money, on the 5-paise tick) may lack an IV.
    expect(priced).toBeGreaterThanOrEqual(36);
    const atm = chain.strikes[10]!;
    expect(atm.ce.iv).toBeGreaterThan(1);
    expect(atm.pe.iv).toBeGreaterThan(1);
  });

  it('keeps the put–call delta relation: call delta − put delta = e^(−rT) at each strike', () => {
    const discount = Math.exp((-chain.rate / 100) * (chain.minutes_to_expiry / TRADING_MINUTES_PER_YEAR));
    const both = chain.strikes.filter((s) => s.ce.delta !== null && s.pe.delta !== null);
    expect(both.length).toBeGreaterThan(10);
    for (const s of both) {
      // Each leg at its own IV; the relation is exact at one IV, so a skew leaves a small gap.
      expect(s.ce.delta! - s.pe.delta!, String(s.strike)).toBeCloseTo(discount, 1);
    }
    const atm = chain.strikes[10]!;
    expect(atm.ce.delta! - atm.pe.delta!).toBeCloseTo(discount, 2);
    expect(atm.ce.delta).toBeGreaterThan(0.3);
    expect(atm.pe.delta).toBeLessThan(-0.3);
  });

  it('shows a later expiry when asked, and names the field when the expiry is not listed or not a day', async () => {
    const later = chain.expiries[1]!;
    const res = await getChain(`?expiry=${later}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.expiry).toBe(later);
    expect(res.json().data.minutes_to_expiry).toBeGreaterThan(chain.minutes_to_expiry);

    const unlisted = await getChain('?expiry=2026-11-25');
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().error).toMatch(/^Expiry 2026-11-25 is not listed for NIFTY 50 options; listed: \d{4}-/);
    const bad = await getChain('?expiry=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Expiry must be a day as YYYY-MM-DD, e.g. 2026-11-24');
  });

  it('refuses an unknown instrument (404), a bad id and one without options (400) in words', async () => {
    const unknown = await getChain('', user.token, 999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Instrument 999 not found');
    const bad = await getChain('', user.token, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Instrument must be a positive whole number/);
    const btc = await getChain('', user.token, 3);
    expect(btc.statusCode).toBe(400);
    expect(btc.json().error).toBe('BTCUSDT has no options listed at the exchange');
  });

  it('refuses a caller with no session', async () => {
    const res = await getChain('', null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).not.toMatch(/stack|https?:/);
  });
});

describe('POST /analytics/payoff', () => {
  let expiry: string;
  let atm: number;
  beforeAll(async () => {
    const chain = (await getChain()).json().data as OptionChain;
    expiry = chain.expiry;
    atm = chain.strikes[10]!.strike;
  });
  const leg = (over: object = {}) => ({
    option_type: 'CE',
    side: 'BUY',
    strike: atm,
    expiry,
    lots: 1,
    price: 100,
    ...over,
  });

  it('draws a bought straddle: breakevens strike ± premiums, loss limited to the premiums, profit unlimited', async () => {
    // NIFTY's lot is 65: a lot of each at ₹120.50 (call) and ₹99.50 (put) costs 65 × 220 = ₹14,300.
    const res = await postPayoff({
      instrument_id: 1,
      legs: [leg({ price: 120.5 }), leg({ option_type: 'PE', price: 99.5 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data as Payoff;
    expect(p.breakevens).toEqual([atm - 220, atm + 220]);
    expect(p.max_loss).toBe(-14_300);
    expect(p.max_profit).toBeNull();
    expect(p.at_expiry.find((x) => x.underlying === atm)?.pnl).toBe(-14_300);
    expect(p.at_expiry.find((x) => x.underlying === atm + 220)?.pnl).toBe(0);
    expect(p.leg_ivs.map((v) => v.source)).toEqual(['quote', 'quote']);
    expect(p.today.length).toBe(p.at_expiry.length);
    // Before expiry the straddle is worth more than its intrinsic value: today's curve lies above expiry's.
    const atAtm = p.today.find((x) => x.underlying === atm)!.pnl;
    expect(atAtm).toBeGreaterThan(-14_300);
  });

  it('marks a sold straddle: profit limited to the premiums, loss unlimited (null)', async () => {
    const res = await postPayoff({
      instrument_id: 1,
      legs: [leg({ side: 'SELL', price: 120.5 }), leg({ side: 'SELL', option_type: 'PE', price: 99.5 })],
    });
    const p = res.json().data as Payoff;
    expect([p.max_profit, p.max_loss]).toEqual([14_300, null]);
  });

  it('refuses legs of two expiries in words', async () => {
    const res = await postPayoff({ instrument_id: 1, legs: [leg(), leg({ expiry: '2026-12-29' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      `Legs must all share one expiry (these expire on ${expiry}, 2026-12-29): a calendar spread's payoff is not drawn`,
    );
  });

  it('names the bad field and its leg, and refuses an unknown instrument', async () => {
    const strike = await postPayoff({ instrument_id: 1, legs: [leg(), leg({ strike: -5 })] });
    expect(strike.statusCode).toBe(400);
    expect(strike.json().error).toBe('Leg 2 Strike must be more than 0');
    const side = await postPayoff({ instrument_id: 1, legs: [leg({ side: 'LONG' })] });
    expect(side.json().error).toBe('Leg 1 Side must be BUY or SELL');
    const lots = await postPayoff({ instrument_id: 1, legs: [leg({ lots: 1.5 })] });
    expect(lots.json().error).toBe('Leg 1 Lots must be a whole number');
    const none = await postPayoff({ instrument_id: 1, legs: [] });
    expect(none.json().error).toBe('Legs: add at least one leg');
    const unknown = await postPayoff({ instrument_id: 999, legs: [leg()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Instrument 999 not found');
  });

  it('refuses a caller with no session', async () => {
    const res = await postPayoff({ instrument_id: 1, legs: [leg()] }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('market data unavailable', () => {
  it('answers in market data words when there is no market-data token', async () => {
    const offline = await buildTestApp({ selfLogin: false });
    try {
      const someone = await buildUser(offline);
      const res = await offline.request({ method: 'GET', url: '/api/analytics/chain/1', token: someone.token });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).not.toBe(500);
      expect(res.json().error).toMatch(/token/i);
      expect(res.json().error).not.toMatch(/https?:|127\.0\.0\.1|at \w+ \(/);
    } finally {
      await offline.close();
    }
  });
});
