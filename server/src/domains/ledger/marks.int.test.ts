import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMapping, buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { createLedgerRepository } from './ledger.repository.js';

// The positions feed prices its watched strategies, then records their marks: a strategy deleted in
// between must not cost the others their marks (the whole batch was refused by its foreign key).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('P&L marks', () => {
  it('records the marks of the strategies that still exist and skips one deleted since it was priced', async () => {
    const owner = await buildUser(t);
    const kept = await buildMapping(t, owner);
    const gone = await buildMapping(t, owner);
    await sql`delete from user_strategy_mappings where id = ${gone.id}`.execute(t.database.db);
    const repo = createLedgerRepository(t.database.db);
    await repo.addMarks([
      { mappingId: gone.id, at: 1_000, realizedPaise: 0, unrealizedPaise: -500 },
      { mappingId: kept.id, at: 1_000, realizedPaise: 100, unrealizedPaise: 250 },
    ]);
    expect(await repo.marksSince(kept.id, 0)).toEqual([{ at: 1_000, realizedPaise: 100, unrealizedPaise: 250 }]);
    expect(await repo.marksSince(gone.id, 0)).toEqual([]);
  });
});
