import { api, CALENDAR_MSG } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { CalendarService } from './calendar.service.js';

/** The holiday calendar: read by any signed-in user, written by admins (access is the contract's). */
export function registerCalendarRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  calendar: CalendarService,
): void {
  mount(app, authenticate, api.calendar.listHolidays, async () => ({ holidays: await calendar.list() }));
  mount(app, authenticate, api.calendar.addHoliday, async ({ body, auth }) =>
    replied(await calendar.add(body, auth), CALENDAR_MSG.holidayAdded, 201),
  );
  mount(app, authenticate, api.calendar.removeHoliday, async ({ params }) => {
    await calendar.remove(params.id);
    return replied({ id: params.id }, CALENDAR_MSG.holidayDeleted);
  });
}
