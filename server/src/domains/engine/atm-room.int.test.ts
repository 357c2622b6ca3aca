import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';

/*
 * A candle close rewrites the RDX row (the ATM it traded at) of every strategy it trades. On PostgreSQL
 * that row's new version must fit on its own page (a heap-only update): one that moves to another page is
 * written into both of the table's indexes as well, which made the ATM writes of a 10,000-strategy close
 * twice as slow (migration 202611270001, `npm run bench`). SQLite has no such layout.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const CANDLE_CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

/** Each RDX row's page and ATM. */
async function rdxRows(): Promise<Map<number, { page: number; atmPaise: number }>> {
  const { rows } = await sql<{ mappingId: number; page: number; atmPaise: string }>`
    select mapping_id as "mappingId", (ctid::text::point)[0]::int as page, atm_value_paise as "atmPaise"
    from rdx_configs`.execute(t.database.db);
  return new Map(rows.map((r) => [r.mappingId, { page: r.page, atmPaise: Number(r.atmPaise) }]));
}

describe.skipIf(dialect !== 'postgres')('the ATM a candle close writes', () => {
  it("stays on its row's page for every strategy the close trades", async () => {
    const actor = { userId: owner.id, role: 'user' as const };
    // Enough strategies to fill several pages of RDX rows (each through an account of its own).
    for (let i = 0; i < 160; i++) {
      const m = await buildMapping(t, owner);
      await buildRdxConfig(t, owner, m.id);
      await t.services.mappings.setRunningStatus(actor, m.id, 1);
    }
    const before = await rdxRows();
    expect(new Set([...before.values()].map((r) => r.page)).size).toBeGreaterThan(2);

    expect(await t.services.engine.evaluate('256265', '15m', 2451240, CANDLE_CLOSE)).toBe(160);

    const after = await rdxRows();
    const moved = [...after].filter(([id, row]) => row.page !== before.get(id)?.page).map(([id]) => id);
    expect(moved).toEqual([]);
    // The close did rewrite them: each strategy's ATM is the one it entered at.
    expect([...after.values()].every((r) => r.atmPaise === 2450000)).toBe(true);
  });
});
