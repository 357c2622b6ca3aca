import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect, openTestDatabase } from '../../test/test-app.js';
import { integerArray, textArray } from './pg-arrays.js';

// What PostgreSQL reads back from the literals is what was written, whatever the text holds.
describe.skipIf(dialect !== 'postgres')('PostgreSQL array literals, read back by PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('reads back any texts and NULLs exactly', async () => {
    // PostgreSQL text cannot hold NUL; everything else can.
    const text = fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(text, { nil: null }), { maxLength: 20 }), async (values) => {
        const { rows } = await sql<{ v: Array<string | null> }>`select ${textArray(values)}::text[] as v`.execute(
          database.db,
        );
        expect(rows[0]?.v).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('reads back any integers and NULLs exactly, as int and as bigint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer(), { nil: null }), { maxLength: 20 }),
        fc.array(fc.option(fc.maxSafeInteger(), { nil: null }), { maxLength: 20 }),
        async (ints, bigs) => {
          const { rows } = await sql<{ i: Array<number | null>; b: Array<string | null> }>`
            select ${integerArray(ints)}::int[] as i, ${integerArray(bigs)}::bigint[]::text[] as b`.execute(
            database.db,
          );
          expect(rows[0]?.i).toEqual(ints);
          expect(rows[0]?.b).toEqual(bigs.map((v) => (v === null ? null : String(v))));
        },
      ),
      { numRuns: 200 },
    );
  });
});
