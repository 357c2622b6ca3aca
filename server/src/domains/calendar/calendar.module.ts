import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createCalendarRepository } from './calendar.repository.js';
import { registerCalendarRoutes } from './calendar.routes.js';
import { createCalendarService } from './calendar.service.js';

/**
 * The NSE holiday calendar (docs/CALENDAR.md): its rows, the admin's routes, and the holidays the engine and
 * the strategies' status read. Read from the database on every decision, never cached, so a day an admin adds
 * on any instance holds everywhere at once.
 */
export function createCalendarModule(deps: { db: Kysely<DB>; clock: Clock }) {
  const calendar = createCalendarService({ repo: createCalendarRepository(deps.db), clock: deps.clock });
  const routes: RegisterRoutes = (app, authenticate) => registerCalendarRoutes(app, authenticate, calendar);
  return { calendar, routes };
}
