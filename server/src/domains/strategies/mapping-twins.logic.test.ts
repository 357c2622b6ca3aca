import { describe, expect, it } from 'vitest';
import {
  createdMessage,
  differingFields,
  judgeCreate,
  type CreateFacts,
  type RecentCreate,
} from './mapping-twins.logic.js';

const TRADER = 7;
const ADMIN = 1;
const NOW = 1_800_000_000_000;

const facts = (over: Partial<CreateFacts> = {}): CreateFacts => ({
  createdBy: TRADER,
  userId: TRADER,
  strategyId: 1,
  instrumentId: 1,
  userBrokerId: 3,
  isActive: 1,
  isDummy: 1,
  ceCount: 1,
  peCount: 1,
  startTime: null,
  endTime: null,
  maxLossPaise: null,
  targetProfitPaise: null,
  adminMaxLossPaise: null,
  ...over,
});
const earlier = (over: Partial<RecentCreate> = {}): RecentCreate => ({
  ...facts(),
  id: 12,
  createdAt: NOW - 4000,
  authorName: 'trader7',
  ...over,
});

describe('judgeCreate', () => {
  it('answers the same person’s identical create with the earlier mapping: a double click', () => {
    expect(judgeCreate(facts(), [earlier()], NOW)).toEqual({ kind: 'repeat', id: 12 });
  });

  it('creates a second mapping that differs only in its limits, naming how (never merged)', () => {
    const verdict = judgeCreate(facts({ maxLossPaise: 500_000, targetProfitPaise: 250_000 }), [earlier()], NOW);
    expect(verdict).toEqual({ kind: 'insert', near: { id: 12, differences: ['Max Loss', 'Target Profit'] } });
    expect(createdMessage(verdict, 'Strategy mapping created')).toBe(
      'Strategy mapping created: a new one beside #12, created moments ago (they differ in Max Loss and Target Profit)',
    );
  });

  it("tells an admin's cap apart: the trader's mapping without one is another mapping", () => {
    const admins = facts({ createdBy: ADMIN, maxLossPaise: 80_000, adminMaxLossPaise: 80_000 });
    expect(judgeCreate(admins, [earlier({ maxLossPaise: 80_000 })], NOW)).toEqual({
      kind: 'insert',
      near: { id: 12, differences: ["Admin's Max Loss cap"] },
    });
  });

  it('refuses the very same mapping created by someone else a moment ago, naming who and which', () => {
    const verdict = judgeCreate(facts({ createdBy: ADMIN }), [earlier()], NOW);
    expect(verdict).toEqual({
      kind: 'refuse',
      message:
        'trader7 created this same strategy mapping (#12) 4 s ago: nothing was created, so its position is not ' +
        'doubled. Edit that one, or change a field to create another.',
    });
  });

  it('compares times, counts and mode too, and reads PostgreSQL’s bigint strings as numbers', () => {
    expect(differingFields(facts({ startTime: '09:20', endTime: '15:00' }), facts())).toEqual([
      'Start Time',
      'End Time',
    ]);
    expect(differingFields(facts({ ceCount: 2, isDummy: 0 }), facts())).toEqual(['Mode', 'CE Count']);
    const fromPg = { ...facts({ maxLossPaise: 500_000 }), maxLossPaise: '500000' as unknown as number };
    expect(differingFields(fromPg, facts({ maxLossPaise: 500_000 }))).toEqual([]);
  });

  it('names no near-twin for a mapping on another instrument, and ignores other owners', () => {
    expect(judgeCreate(facts({ instrumentId: 2 }), [earlier()], NOW)).toEqual({ kind: 'insert', near: null });
    expect(judgeCreate(facts(), [earlier({ userId: 99 })], NOW)).toEqual({ kind: 'insert', near: null });
    expect(judgeCreate(facts(), [], NOW)).toEqual({ kind: 'insert', near: null });
  });
});
