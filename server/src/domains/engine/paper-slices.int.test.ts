import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksOf } from '../../../test/books.js';
import { buildMapping, buildRdxConfig, buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * A candle close's paper fills are written in slices of mappings, side by side (paper-slices.ts). Here a
 * slice holds 2 mappings, so 7 strategies of 3 owners make several transactions: every strategy still
 * enters and realigns exactly once, with its fills netting to its open legs.
 */

let t: TestApp;
const mappingIds: number[] = [];
const CANDLE_CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeAll(async () => {
  t = await buildTestApp({ paperSliceSize: 2 });
  for (const count of [3, 2, 2]) {
    const owner = await buildUser(t);
    for (let i = 0; i < count; i++) {
      const m = await buildMapping(t, owner);
      await buildRdxConfig(t, owner, m.id);
      await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
      mappingIds.push(m.id);
    }
  }
});
afterAll(async () => {
  await t.close();
});

describe('a candle close written in slices', () => {
  it('enters every strategy once, each with its two legs and fills and its ATM', async () => {
    expect(await t.services.engine.evaluate('256265', '15m', 2450000, CANDLE_CLOSE)).toBe(7);
    for (const id of mappingIds) {
      const books = await booksOf(t, id);
      expect(books).toMatchObject({ legs: 2, fills: 2 });
      // Sold one NIFTY lot of each: the fills net to the two open legs.
      expect(books.unsettled.map(([, quantity]) => quantity)).toEqual([65, 65]);
    }
    const configs = await t.database.db.selectFrom('rdxConfigs').select(['mappingId', 'atmValuePaise']).execute();
    expect(configs.filter((c) => mappingIds.includes(c.mappingId)).map((c) => c.atmValuePaise)).toEqual(
      mappingIds.map(() => 2450000),
    );
  });

  it('realigns every strategy once on the next close: legs closed in each slice, fills net to the open legs', async () => {
    expect(await t.services.engine.evaluate('256265', '15m', 2460000, CANDLE_CLOSE + 900_000)).toBe(7);
    for (const id of mappingIds) {
      const books = await booksOf(t, id);
      expect(books.legs).toBe(2);
      expect(books.fills).toBe(6);
      // The first entry's symbols were bought back: only the new legs' symbols stay short.
      expect(books.unsettled.map(([, quantity]) => quantity)).toEqual([65, 65]);
    }
    const total = await t.database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(7 * 6);
  });
});
