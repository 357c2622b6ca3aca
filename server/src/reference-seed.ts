import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';
import { seedReferenceData, type SeedInstrument } from './db/seed.js';
import { seedNseHolidays } from './domains/calendar/calendar.seed.js';

/**
 * Every reference row a database is given at each start: the strategies, brokers and instruments of
 * db/seed.ts, then the NSE holidays the calendar domain keeps. Put together here, above both, because db/
 * sits below the domains and may not import one (docs/ARCHITECTURE.md, "Boundaries").
 */
export async function seedStartupData(db: Kysely<DB>, now: number, extraInstruments: SeedInstrument[] = []) {
  await seedReferenceData(db, now, extraInstruments);
  // The NSE holiday calendar's days from its data file, each offered once (docs/CALENDAR.md).
  await seedNseHolidays(db, now);
}
