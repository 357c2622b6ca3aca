import { describe, expect, it } from 'vitest';
import { dayNumber, dayString } from './calendar-days.logic.js';
import { EXPIRY_SCHEDULES, LOT_REVISIONS, RULES_COVER_FROM } from './index-contract-rules.js';
import { INDEX_ROOTS } from './market-rules.types.js';

// The tables are appended to by hand: these catch a revision out of order or a gap between schedules.
describe.each(INDEX_ROOTS)('%s rules table', (root) => {
  it('lists lot revisions oldest first from the first covered day, each with a source', () => {
    const revisions = LOT_REVISIONS[root];
    expect(revisions[0]?.firstExpiry).toBe(RULES_COVER_FROM);
    for (let i = 1; i < revisions.length; i++) {
      expect(revisions[i]!.firstExpiry > revisions[i - 1]!.firstExpiry).toBe(true);
    }
    for (const revision of revisions) {
      expect(revision.lot).toBeGreaterThan(0);
      expect(revision.source.length).toBeGreaterThan(40);
      for (const kept of revision.keptPreviousLot ?? []) expect(kept > revision.firstExpiry).toBe(true);
    }
  });

  it('has expiry schedules that follow one another without a gap, the last still in force', () => {
    const schedules = EXPIRY_SCHEDULES[root];
    expect(schedules[0]?.from).toBe(RULES_COVER_FROM);
    for (let i = 1; i < schedules.length; i++) {
      expect(schedules[i]!.from).toBe(dayString(dayNumber(schedules[i - 1]!.until!) + 1));
    }
    expect(schedules[schedules.length - 1]!.until).toBeUndefined();
    for (const schedule of schedules) {
      expect(schedule.weeklyWeekday === null).toBe(schedule.cycle === 'monthly');
      expect(schedule.source.length).toBeGreaterThan(40);
    }
  });
});
