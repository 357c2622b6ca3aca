import { CALENDAR_MSG, type CreateHoliday, type Holiday } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import type { HolidayDay } from './calendar.logic.js';
import { toHoliday } from './calendar.presenter.js';
import type { CalendarRepository } from './calendar.repository.js';

/** What the engine and the strategies' status read: NSE's holidays from an IST day on. */
export interface HolidaySource {
  holidaysFrom(dateIst: string): Promise<HolidayDay[]>;
}

/** The NSE holiday calendar: listed to everyone, kept by admins (docs/CALENDAR.md). */
export function createCalendarService({ repo, clock }: { repo: CalendarRepository; clock: Clock }) {
  return {
    async list(): Promise<Holiday[]> {
      return (await repo.list('NSE')).map(toHoliday);
    },

    async holidaysFrom(dateIst: string): Promise<HolidayDay[]> {
      return (await repo.listFrom('NSE', dateIst)).map((r) => ({ date: r.holidayDate, description: r.description }));
    },

    async add(input: CreateHoliday, actor: Actor): Promise<Holiday> {
      if (await repo.findByDate('NSE', input.date)) throw conflict(CALENDAR_MSG.holidayExists(input.date));
      const source = input.source ?? `Added in the console by ${(await repo.usernameOf(actor.userId)) ?? 'an admin'}`;
      try {
        const row = await repo.insert({
          exchange: 'NSE',
          holidayDate: input.date,
          description: input.description,
          source,
          createdAt: clock.now(),
        });
        return toHoliday(row);
      } catch (err) {
        // Two admins adding the same day at once: the second hears the same 409 as a later one would.
        if (isUniqueViolation(err)) throw conflict(CALENDAR_MSG.holidayExists(input.date));
        throw err;
      }
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('Holiday');
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
