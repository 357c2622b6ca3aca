import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildRunningLiveMapping, buildUser } from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';
import { PaperSliceRefusedError } from './paper-slices.js';

/*
 * A candle close whose paper fills the database refuses (here a trigger stands in for any refusal: a
 * strategy deleted by hand mid-close, a full disk) still trades its live strategies, then reports the
 * paper failure; the paper strategy enters at the next close.
 */

let t: TestApp;
let paperId: number;
let liveId: number;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

/** Makes the database refuse every new leg of one strategy, as a refusal the engine cannot foresee. */
async function refuseLegsOf(mappingId: number) {
  const db = t.database.db;
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_legs before insert on strategy_legs when new.mapping_id = ${sql.lit(mappingId)}
      begin select raise(abort, 'refused by the test'); end`.execute(db);
    return;
  }
  await sql`create function refuse_legs() returns trigger language plpgsql as $fn$
    begin
      if new.mapping_id = ${sql.lit(mappingId)} then raise exception 'refused by the test'; end if;
      return new;
    end $fn$`.execute(db);
  await sql`create trigger refuse_legs before insert on strategy_legs for each row execute function refuse_legs()`.execute(
    db,
  );
}

async function allowLegs() {
  await sql`drop trigger refuse_legs ${sql.raw(dialect === 'sqlite' ? '' : 'on strategy_legs')}`.execute(t.database.db);
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildUser(t);
  liveId = (await buildRunningLiveMapping(t, owner, 'PR1234')).id;
  const paper = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, paper.id);
  await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, paper.id, 1);
  paperId = paper.id;
});
afterAll(async () => {
  await t.close();
});

describe('a close whose paper fills are refused', () => {
  it('still trades the live strategies, then reports the paper failure', async () => {
    await refuseLegsOf(paperId);
    const refused = await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(PaperSliceRefusedError);
    expect((refused as PaperSliceRefusedError).mappingIds).toEqual([paperId]);
    expect(await t.services.engineRepo.openLegsOf(paperId)).toEqual([]);
    // The live strategy sold its strangle at the broker and booked both legs at this very close.
    expect((await t.services.engineRepo.openLegsOf(liveId)).map((l) => l.optionType).sort()).toEqual(['CE', 'PE']);
  });

  it('enters the paper strategy at the next close once the database takes its fills', async () => {
    await allowLegs();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    expect((await t.services.engineRepo.openLegsOf(paperId)).map((l) => l.optionType).sort()).toEqual(['CE', 'PE']);
    expect(await t.services.engineRepo.openLegsOf(liveId)).toHaveLength(2);
  });

  it('knows which strategies still exist (a slice refused for a deleted one is written again without it)', async () => {
    expect([...(await t.services.engineRepo.existingMappingIds([paperId, liveId, 999_999]))].sort()).toEqual(
      [paperId, liveId].sort(),
    );
    expect(await t.services.engineRepo.existingMappingIds([])).toEqual(new Set());
  });
});
