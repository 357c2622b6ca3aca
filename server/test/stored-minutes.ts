import type { TestApp } from './test-app.js';

const MINUTE = 60_000;

/**
 * NIFTY's (token 256265) 1-minute candles over NSE hours of `days`, the index rising `stepRupees` a minute from
 * ₹24,000 across them: history a backtest can run on, with a move every strategy reacts to.
 */
export async function storeRisingMinutes(t: Pick<TestApp, 'database'>, days: readonly string[], stepRupees: number) {
  const rows = [];
  let price = 24_000;
  for (const day of days) {
    const open = Date.parse(`${day}T09:15:00+05:30`);
    for (let m = 0; m < 375; m++) {
      const next = price + stepRupees;
      rows.push({
        source: 'kite' as const,
        instrumentToken: '256265',
        interval: '1m' as const,
        ts: open + m * MINUTE,
        open: price.toFixed(2),
        high: next.toFixed(2),
        low: price.toFixed(2),
        close: next.toFixed(2),
        volume: '0',
      });
      price = next;
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await t.database.db
      .insertInto('candles')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
