import type { LegsConfigInput } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { multiLegStrategyId, strategyRowOf } from '../../../test/legs-steps.js';

/*
 * Issue 33: a Multi-leg range-breakout entry on the engine's path. The opening range is the first three minutes'
 * candles' highs and lows (as a chart draws it), the row names its levels while it waits, and the legs are entered
 * on the first close beyond the high, not on a close that only passes the range's closes.
 */

let t: TestApp;
let owner: TestUser;
const ist = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`); // Monday
const NIFTY = '256265';

beforeEach(async () => {
  t = await buildTestApp({ start: ist('09:00') });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** A 1-minute NIFTY candle closing at `hhmm`, with its high and low, decided by the engine. */
async function candle(hhmm: string, close: number, high: number, low: number) {
  t.clock.set(ist(hhmm));
  await t.services.engine.evaluate(NIFTY, '1m', close, ist(hhmm), { highPaise: high, lowPaise: low });
}

describe('a Multi-leg range breakout', () => {
  it('measures the opening range on the candles’ highs and lows and enters on the first close above it', async () => {
    const legsId = await multiLegStrategyId(t, owner.token);
    const m = await buildMapping(t, owner, { strategy_id: legsId });
    const config: LegsConfigInput = {
      legs: [{ option_type: 'CE', side: 'BUY', lots: 1, expiry: 'next_week', strike: { by: 'atm', steps: 0 } }],
      entry: { kind: 'range_breakout', minutes: 3, side: 'above' },
      exit_at: '15:15',
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/config`,
      token: owner.token,
      payload: config,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    await t.services.engine.start();

    await candle('09:16', 2_450_000, 2_452_000, 2_448_000);
    await candle('09:17', 2_451_000, 2_458_000, 2_449_000);
    await candle('09:18', 2_452_000, 2_453_000, 2_446_000);
    // Above every close of the range (₹24,520.00) but not its high (₹24,580.00): no entry; the row names the high.
    await candle('09:19', 2_456_000, 2_460_000, 2_455_000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toEqual([]);
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toContain('₹24,580.00');
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toContain('09:15–09:18');

    await candle('09:20', 2_458_500, 2_459_000, 2_456_000);
    const legs = await t.services.engineRepo.openLegsOf(m.id);
    expect(legs.map((l) => [l.optionType, l.quantity])).toEqual([['CE', -65]]);
    await t.services.engine.stop();
  });
});
