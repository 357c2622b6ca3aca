import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKiteInstrumentsCsv, type KiteInstrument } from '../protocols/kite-instruments-csv.js';
import { kiteGet, kitePost, startTestSandbox, TEST_START_MS, type ManualClock } from '../../test/sandbox-helpers.js';
import { EXPIRED_ORDER_MESSAGE, intrinsicPaise } from './expiry-settlement.js';
import type { OptionContract } from './option-chain.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let clock: ManualClock;
let token: string;

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  await sandbox.close();
});

/** 15:30 IST on the test day, a Tuesday: today's NIFTY weeklies expire then. */
const EXPIRY_MS = TEST_START_MS + 5.5 * 3_600_000;
/** NIFTY's lot (NSE, from the January 2026 expiries). */
const NIFTY_LOT = 65;

/** Today's NIFTY option of `type` whose strike is `offset` steps from the money. */
async function todaysOption(type: 'CE' | 'PE', offset: number, today = '2025-12-09'): Promise<KiteInstrument> {
  const rows = parseKiteInstrumentsCsv(await (await fetch(`${sandbox.urls.kiteApi}/instruments/NFO`)).text());
  const spot = (await kiteGet(sandbox, '/quote/ltp?i=256265', token)).body.data['256265'].last_price as number;
  const chain = rows
    .filter((r) => r.name === 'NIFTY' && r.expiry === today && r.instrumentType === type)
    .sort((a, b) => a.strike - b.strike);
  const atm = chain.findIndex((r) => r.strike >= spot);
  const option = chain[atm + offset];
  if (!option) throw new Error('no option today');
  return option;
}

const buy = (option: KiteInstrument, fields: Record<string, string | number> = {}) =>
  kitePost(sandbox, '/orders/regular', token, {
    exchange: 'NFO',
    tradingsymbol: option.tradingsymbol,
    transaction_type: 'BUY',
    quantity: NIFTY_LOT,
    product: 'NRML',
    order_type: 'MARKET',
    market_protection: -1,
    ...fields,
  });

describe('intrinsicPaise', () => {
  it('is what a call or put is worth at expiry, never negative', () => {
    const call = { type: 'CE', strikePaise: 2_400_000 } as OptionContract;
    const put = { ...call, type: 'PE' } as OptionContract;
    expect(intrinsicPaise(call, 2_412_345)).toBe(12_345);
    expect(intrinsicPaise(put, 2_412_345)).toBe(0);
    expect(intrinsicPaise(put, 2_390_000)).toBe(10_000);
  });
});

describe('settlement at expiry', () => {
  it('closes open positions at intrinsic value at 15:30 IST and cancels resting orders', async () => {
    const itm = await todaysOption('CE', -2);
    const otm = await todaysOption('PE', -10);
    expect((await buy(itm)).status).toBe(200);
    const soldOtm = await buy(otm, { transaction_type: 'SELL' });
    expect(soldOtm.status).toBe(200);
    const resting = await buy(itm, { order_type: 'LIMIT', price: 0.05 });

    clock.set(EXPIRY_MS - 1000);
    const before = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net;
    expect(before.map((p: { quantity: number }) => p.quantity)).toEqual([NIFTY_LOT, -NIFTY_LOT]);

    clock.set(EXPIRY_MS + 60_000);
    // The index's last price of the session: the close of its last minute (no candle starts at 15:30).
    const spot = toPaise(
      (
        await kiteGet(
          sandbox,
          `/instruments/historical/256265/minute?from=2025-12-09 15:29:00&to=2025-12-09 15:30:00`,
          token,
        )
      ).body.data.candles.at(-1)[4],
    );
    const positions = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net;
    const [call, put] = positions;
    const settle = Math.max(0, spot - toPaise(itm.strike));
    expect(call).toMatchObject({ tradingsymbol: itm.tradingsymbol, quantity: 0, sell_quantity: NIFTY_LOT });
    expect(toPaise(call.sell_value)).toBe(NIFTY_LOT * settle);
    expect(call.pnl).toBeCloseTo(call.sell_value - call.buy_value, 2);
    // The sold put far out of the money expired worthless: bought back at 0, the whole premium kept.
    expect(put).toMatchObject({
      tradingsymbol: otm.tradingsymbol,
      quantity: 0,
      buy_quantity: NIFTY_LOT,
      buy_value: 0,
    });
    expect(put.pnl).toBeCloseTo(put.sell_value, 2);
    const order = (await kiteGet(sandbox, `/orders/${resting.body.data.order_id}`, token)).body.data.at(-1);
    expect(order).toMatchObject({ status: 'CANCELLED', status_message: EXPIRED_ORDER_MESSAGE });
    // Settling is done once: another look changes nothing.
    expect((await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net).toEqual(positions);
    expect((await buy(itm)).body.message).toMatch(/expired/);
  });

  it('settles on the Monday when the Tuesday expiry is a trading holiday', async () => {
    // Monday 23 Nov 2026, 10:00 IST: Tuesday 24th (Guru Nanak Jayanti) is an NSE holiday, so November's
    // NIFTY monthly expires today at 15:30.
    const monday = Date.UTC(2026, 10, 23, 4, 30);
    clock.set(monday);
    token = sandbox.control.issueKiteAccessToken('AB1234'); // the first day's token died at 06:00 IST
    const option = await todaysOption('CE', -2, '2026-11-23');
    expect(option.tradingsymbol).toMatch(/^NIFTY26NOV\d+CE$/);
    expect((await buy(option)).status).toBe(200);

    clock.set(monday + 5.5 * 3_600_000 - 1000);
    const open = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net;
    expect(open.map((p: { quantity: number }) => p.quantity)).toEqual([NIFTY_LOT]);
    clock.set(monday + 5.5 * 3_600_000 + 60_000);
    const settled = (await kiteGet(sandbox, '/portfolio/positions', token)).body.data.net;
    expect(settled[0]).toMatchObject({ tradingsymbol: option.tradingsymbol, quantity: 0, sell_quantity: NIFTY_LOT });
  });
});
