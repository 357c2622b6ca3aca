import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createSettingsRepository } from '../../db/settings.repository.js';
import { createCalendarRepository } from './calendar.repository.js';
import { NSE_HOLIDAYS, type SeedHoliday } from './nse-holidays.js';

/** The data file's days this database has been given already (settings JSON: a sorted list of dates). */
const OFFERED_KEY = 'calendar.nseSeededDates';

/**
 * Inserts the data file's NSE holidays this database has not been given yet; returns how many were new.
 *
 * At every start rather than in the migration: a migration runs once, and next year's list, appended to the
 * data file, must land on a database that migrated long ago. Each day is offered once: a day the admin
 * deleted (a list the exchange revised) stays deleted, and a day the admin added first is left as it is.
 */
export async function seedNseHolidays(
  db: Kysely<DB>,
  now: number,
  list: readonly SeedHoliday[] = NSE_HOLIDAYS,
): Promise<number> {
  const settings = createSettingsRepository(db);
  const offered = new Set((await settings.get<string[]>(OFFERED_KEY)) ?? []);
  const fresh = list.filter((h) => !offered.has(h.date));
  if (fresh.length === 0) return 0;
  await createCalendarRepository(db).insertMissing(
    fresh.map((h) => ({
      exchange: 'NSE' as const,
      holidayDate: h.date,
      description: h.description,
      source: h.source,
      createdAt: now,
    })),
  );
  await settings.set(OFFERED_KEY, [...new Set([...offered, ...fresh.map((h) => h.date)])].sort(), now);
  return fresh.length;
}
