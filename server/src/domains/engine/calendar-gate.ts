import { istDay, isTradingDay } from '@app/contract';
import { closureReason, followsNseCalendar } from '../calendar/calendar.logic.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { Hours } from '../instruments/market-hours.logic.js';

/**
 * NSE's holiday calendar as the engine asks it (docs/CALENDAR.md): on a day NSE does not trade, an
 * instrument that keeps the calendar takes no entry, realign, roll, exit or square-off. The holidays are read
 * afresh for every round, so a day an admin adds holds at once on every instance.
 */
export function createCalendarGate(calendar: HolidaySource) {
  return {
    /** For one decision round at `at`: whether the calendar shuts a mapping's market (holidays read once). */
    async closedAt(at: number): Promise<(hours: Hours) => boolean> {
      const today = istDay(at);
      const isNseOpen = isTradingDay(today, await calendar.holidaysFrom(today));
      return (hours) => !isNseOpen && followsNseCalendar(hours);
    },

    /** Why the calendar keeps one mapping's market shut all day at `at`, or null. */
    async reasonAt(hours: Hours, at: number): Promise<string | null> {
      return closureReason(hours, await calendar.holidaysFrom(istDay(at)), at);
    },
  };
}

export type CalendarGate = ReturnType<typeof createCalendarGate>;
