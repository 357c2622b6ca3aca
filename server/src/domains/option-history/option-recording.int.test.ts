import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { QUOTES_KEPT_MS } from './option-history.worker.js';

/** Recording (issue 30): the quotes the console fetches become option candles and depth rows while live sync runs. */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  await buildAdmin(t);
  // NIFTY 50 (seeded with its NSE hours), followed by live sync: its ATM strikes are swept each minute.
  await t.services.liveConfigs.create({ source: 'kite', instrument_token: '256265', interval: '1m' });
});
afterEach(async () => {
  await t.close();
});

const MINUTE = 60_000;
const candles = () =>
  t.database.db.selectFrom('optionCandles').selectAll().orderBy('strikePaise').orderBy('optionType').execute();
const quotes = () => t.database.db.selectFrom('optionQuotes').selectAll().orderBy('id').execute();

describe('recording option quotes', () => {
  it('sweeps ATM±10 of the nearest expiry each minute and keeps each quote and each finished minute', async () => {
    await t.services.liveSync.start();
    const start = t.clock.now(); // Monday 10:30:00 IST
    await t.services.optionHistoryTick(start);
    const first = await quotes();
    // 21 strikes, a call and a put each, quoted in one call; nothing of a minute still running is a candle yet.
    expect(first).toHaveLength(42);
    expect(new Set(first.map((q) => q.at))).toEqual(new Set([start]));
    const book = JSON.parse(first[0]!.asks) as Array<{ pricePaise: number; quantity: number }>;
    expect(book[0]?.pricePaise).toBeGreaterThan(0);
    expect(await candles()).toEqual([]);

    // A mark's quote later in the minute moves that contract's candle.
    const symbol = first[0]!.tradingSymbol;
    t.clock.advance(30_000);
    const ltp = (await t.services.optionChains.quotesPaise([`NFO:${symbol}`])).get(`NFO:${symbol}`);
    expect(ltp).toBeGreaterThan(0);

    t.clock.advance(30_000);
    await t.services.optionHistoryTick(t.clock.now());
    const written = await candles();
    expect(written).toHaveLength(42);
    expect(written.every((c) => c.ts === start && c.source === 'recorded' && c.underlying === 'NIFTY')).toBe(true);
    expect(new Set(written.map((c) => c.expiry)).size).toBe(1);
    const contract = (await t.services.optionChains.chainFor('NIFTY')).find((o) => o.tradingSymbol === symbol)!;
    const swept = Number(first[0]!.ltpPaise);
    expect(
      written.find((c) => c.strikePaise === contract.strikePaise && c.optionType === contract.optionType),
    ).toMatchObject({
      openPaise: swept,
      closePaise: ltp,
      highPaise: Math.max(swept, ltp!),
      lowPaise: Math.min(swept, ltp!),
    });
    expect(written.every((c) => c.lowPaise <= Math.min(c.openPaise, c.closePaise))).toBe(true);
    expect(await quotes()).toHaveLength(84);

    const history = await t.services.optionHistory.candlesBetween('NIFTY', start, start + 2 * MINUTE);
    expect(history).toHaveLength(42);
    expect(history[0]?.gaps).toEqual({ missing: 1, firstMissing: start + MINUTE });
  });

  it('sweeps nothing on an NSE holiday', async () => {
    await t.services.liveSync.start();
    const added = await t.request({
      method: 'POST',
      url: '/api/calendar/holidays',
      token: (await buildAdmin(t)).token,
      payload: { date: '2026-11-23', description: 'Test holiday' },
    });
    expect(added.statusCode, added.body).toBe(201);
    await t.services.optionHistoryTick(t.clock.now());
    expect(await quotes()).toEqual([]);
  });

  it('keeps nothing while live sync is stopped', async () => {
    await t.services.optionHistoryTick(t.clock.now());
    const [option] = (await t.services.optionChains.chainFor('NIFTY')).filter((o) => o.expiry >= '2026-11-23');
    t.clock.advance(5_000);
    await t.services.optionChains.optionQuotes([`NFO:${option!.tradingSymbol}`]);
    t.clock.advance(2 * MINUTE);
    await t.services.optionHistoryTick(t.clock.now());
    expect(await quotes()).toEqual([]);
    expect(await candles()).toEqual([]);
  });

  it('records a paper fill’s depth quote at its instant', async () => {
    await t.services.liveSync.start();
    await t.services.optionHistoryTick(t.clock.now());
    const [option] = (await t.services.optionChains.chainFor('NIFTY')).filter((o) => o.expiry >= '2026-11-23');
    t.clock.advance(5_000);
    const key = `NFO:${option!.tradingSymbol}`;
    const quote = (await t.services.optionChains.optionQuotes([key])).get(key);
    await t.services.optionHistoryTick(t.clock.now());
    const rows = (await quotes()).filter((q) => q.tradingSymbol === option!.tradingSymbol && q.at === t.clock.now());
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.bids)).toEqual(quote?.bids);
    expect(Number(rows[0]!.ltpPaise)).toBe(quote?.lastPaise);
  });

  it('forgets depth quotes once they are a quarter old, and keeps the candles', async () => {
    const now = t.clock.now();
    const quote = (tradingSymbol: string, at: number) => ({
      tradingSymbol,
      at,
      ltpPaise: 10_000,
      bids: '[]',
      asks: '[]',
    });
    await t.database.db
      .insertInto('optionQuotes')
      .values([
        quote('NIFTY26AUG24500CE', now - QUOTES_KEPT_MS - MINUTE),
        quote('NIFTY26SEP24500CE', now - QUOTES_KEPT_MS + MINUTE),
      ])
      .execute();
    await t.database.db
      .insertInto('optionCandles')
      .values({
        underlying: 'NIFTY',
        expiry: '2026-08-25',
        strikePaise: 2_450_000,
        optionType: 'CE',
        ts: now - QUOTES_KEPT_MS - MINUTE,
        openPaise: 10_000,
        highPaise: 10_000,
        lowPaise: 10_000,
        closePaise: 10_000,
        volume: null,
        oi: null,
        source: 'imported',
      })
      .execute();
    await t.services.optionHistoryTick(now);
    expect((await quotes()).map((q) => q.tradingSymbol)).toEqual(['NIFTY26SEP24500CE']);
    expect(await candles()).toHaveLength(1);
  });
});
