import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { decodeKiteTickerMessage } from '../protocols/kite-ticker.js';
import { formatKiteTickerCommand } from '../protocols/kite-ticker-text.js';
import { kiteGet, nextMessage, openSocket, startTestSandbox, type ManualClock } from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/** NIFTY 50, NIFTY BANK and SANDBOX 24x7 (docs/SANDBOX.md). */
const NIFTY = 256265;
const BANK = 260105;
const SANDBOX = 99000073;
/** An IST instant, `YYYY-MM-DD`, `HH:MM:SS`. */
const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);

let sandbox: SandboxExchange;
let clock: ManualClock;
let token: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  // Read on Monday 21 Dec 2026 before the open: the week of 14 to 20 Dec 2026 has no NSE holiday.
  ({ sandbox, clock } = await startTestSandbox());
  clock.set(ist('2026-12-21', '08:00:00'));
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await sandbox.close();
});

type Candle = [string, number, number, number, number, number];
const candles = async (instrument: number, interval: string, from: string, to: string): Promise<Candle[]> =>
  (await kiteGet(sandbox, `/instruments/historical/${instrument}/${interval}?from=${from}&to=${to}`, token)).body.data
    .candles;
const ltp = async (instrument: number): Promise<number> =>
  (await kiteGet(sandbox, `/quote/ltp?i=${instrument}`, token)).body.data[String(instrument)].last_price;

describe("NSE's indices and options move only in NSE's session", () => {
  it('serves 1-minute candles from 09:15 to 15:29 IST on trading days only, 375 a day; SANDBOX 24x7 all day', async () => {
    const week = await candles(NIFTY, 'minute', '2026-12-14 00:00:00', '2026-12-20 23:59:59');
    const days = new Map<string, string[]>();
    for (const [time] of week)
      days.set(time.slice(0, 10), [...(days.get(time.slice(0, 10)) ?? []), time.slice(11, 16)]);
    expect([...days.keys()]).toEqual(['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']);
    for (const times of days.values()) {
      expect(times).toHaveLength(375);
      expect([times[0], times.at(-1)]).toEqual(['09:15', '15:29']);
    }
    const sandboxDay = await candles(SANDBOX, 'minute', '2026-12-19 00:00:00', '2026-12-19 23:59:59');
    expect(sandboxDay).toHaveLength(1440);
    expect(sandboxDay[0]?.[0]).toBe('2026-12-19T00:00:00+0530');
  });

  it('serves day candles on trading days only, and none on an NSE holiday (25 Dec 2026)', async () => {
    clock.set(ist('2026-12-29', '08:00:00'));
    token = sandbox.control.issueKiteAccessToken('AB1234'); // the first one expired at 06:00 on the 22nd
    const days = await candles(BANK, 'day', '2026-12-21', '2026-12-28');
    expect(days.map(([time]) => time.slice(0, 10))).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
    ]);
    // The last 60-minute candle of a session is 15:15 to 15:30, as Kite's.
    const hours = await candles(BANK, '60minute', '2026-12-28 00:00:00', '2026-12-28 23:59:59');
    expect(hours.map(([time]) => time.slice(11, 16))).toEqual([
      '09:15',
      '10:15',
      '11:15',
      '12:15',
      '13:15',
      '14:15',
      '15:15',
    ]);
  });

  it('stands still after the close, over the night, and opens where the walk then is; SANDBOX 24x7 moves on', async () => {
    clock.set(ist('2026-12-18', '15:29:59'));
    const close = await ltp(NIFTY);
    const quoteAtClose = (await kiteGet(sandbox, `/quote?i=${NIFTY}`, token)).body.data[String(NIFTY)];
    const sandboxAtClose = await ltp(SANDBOX);
    for (const at of [ist('2026-12-18', '15:30:00'), ist('2026-12-18', '22:00:00'), ist('2026-12-21', '09:14:59')]) {
      clock.set(at);
      expect(await ltp(NIFTY)).toBe(close);
    }
    const quoteLater = (await kiteGet(sandbox, `/quote?i=${NIFTY}`, token)).body.data[String(NIFTY)];
    expect(quoteLater).toEqual(quoteAtClose);
    expect(await ltp(SANDBOX)).not.toBe(sandboxAtClose);
    // The next session's first minute is the one its first candle opens with.
    clock.set(ist('2026-12-21', '09:16:00'));
    const [first] = await candles(NIFTY, 'minute', '2026-12-21 09:15:00', '2026-12-21 09:15:00');
    clock.set(ist('2026-12-21', '09:15:00'));
    expect(await ltp(NIFTY)).toBe(first?.[1]);
  });

  it('ticks NIFTY in the session only, while SANDBOX 24x7 ticks at night too', async () => {
    clock.set(ist('2026-12-18', '22:00:00'));
    const ws = await openSocket(
      `${sandbox.urls.kiteWs}?api_key=${sandbox.credentials.kiteApiKey}&access_token=${token}`,
    );
    sockets.push(ws);
    const tokensOf = (data: Buffer) => decodeKiteTickerMessage(data).map((t) => t.instrumentToken);
    const firstTicks = nextMessage(ws, (data, isBinary) =>
      isBinary && data.byteLength > 1 ? tokensOf(data) : undefined,
    );
    ws.send(formatKiteTickerCommand({ a: 'subscribe', v: [NIFTY, SANDBOX] }));
    // A new subscription gets the standing tick of each, as Kite's does.
    expect((await firstTicks).sort()).toEqual([NIFTY, SANDBOX].sort());

    const nightTicks = nextMessage(ws, (data, isBinary) =>
      isBinary && data.byteLength > 1 ? tokensOf(data) : undefined,
    );
    clock.advance(1000);
    sandbox.control.pump();
    expect(await nightTicks).toEqual([SANDBOX]);

    // At the open NIFTY ticks again (the steps caught up before 09:15 carry SANDBOX 24x7 only).
    clock.set(ist('2026-12-21', '09:15:00'));
    const openingTicks = nextMessage(ws, (data, isBinary) =>
      isBinary && data.byteLength > 1 && tokensOf(data).includes(NIFTY) ? tokensOf(data) : undefined,
    );
    sandbox.control.pump();
    expect((await openingTicks).sort()).toEqual([NIFTY, SANDBOX].sort());
  });
});
