import { labelOf } from '@app/contract';

/** What a create writes, as compared with the creates just before it. */
export interface CreateFacts {
  createdBy: number | null;
  userId: number;
  strategyId: number;
  instrumentId: number;
  userBrokerId: number | null;
  isActive: number;
  isDummy: number;
  ceCount: number;
  peCount: number;
  startTime: string | null;
  endTime: string | null;
  maxLossPaise: number | null;
  targetProfitPaise: number | null;
  adminMaxLossPaise: number | null;
}

/** A mapping of the same owner created within the double-click window. */
export interface RecentCreate extends CreateFacts {
  id: number;
  createdAt: number;
  /** Who created it, by name (for the refusal's words). */
  authorName: string | null;
}

/**
 * What to do with a create: insert it (naming the recent mapping it differs from, if any), answer with the
 * earlier one (the same person's identical create: a double click), or refuse it (someone else created the
 * very same mapping for this owner a moment ago: a second would double the position once both start).
 */
export type CreateVerdict =
  | { kind: 'insert'; near: { id: number; differences: string[] } | null }
  | { kind: 'repeat'; id: number }
  | { kind: 'refuse'; message: string };

/** Every field of a create, by its wire name: each one a trader could have set differently. */
const FIELDS: ReadonlyArray<[keyof CreateFacts, string]> = [
  ['strategyId', 'strategy_id'],
  ['instrumentId', 'instrument_id'],
  ['userBrokerId', 'user_broker_id'],
  ['isActive', 'is_active'],
  ['isDummy', 'is_dummy'],
  ['ceCount', 'ce_count'],
  ['peCount', 'pe_count'],
  ['startTime', 'start_time'],
  ['endTime', 'end_time'],
  ['maxLossPaise', 'max_loss'],
  ['targetProfitPaise', 'target_profit'],
  ['adminMaxLossPaise', 'admin_max_loss'],
];

/** The fields (in a trader's words) in which two creates for the same owner differ. */
export function differingFields(a: CreateFacts, b: CreateFacts): string[] {
  // Compared as numbers too: PostgreSQL hands bigint columns (paise) back as strings.
  const same = (x: unknown, y: unknown) => x === y || (x !== null && y !== null && Number(x) === Number(y));
  return FIELDS.filter(([key]) => !same(a[key], b[key])).map(([, wire]) => labelOf(wire));
}

/** Two mappings that would hold the same kind of position: strategy, instrument, account and mode. */
const isSamePosition = (a: CreateFacts, b: CreateFacts) =>
  a.strategyId === b.strategyId &&
  a.instrumentId === b.instrumentId &&
  a.userBrokerId === b.userBrokerId &&
  a.isDummy === b.isDummy;

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/**
 * Judges a create against the owner's mappings created within the window (oldest first). Only an identical
 * create by the same person is a double click; any other near-twin is a create of its own, never merged.
 */
export function judgeCreate(row: CreateFacts, recent: readonly RecentCreate[], now: number): CreateVerdict {
  let near: { id: number; differences: string[] } | null = null;
  for (const earlier of recent) {
    if (earlier.userId !== row.userId) continue;
    const differences = differingFields(earlier, row);
    if (differences.length > 0) {
      // Named only when it trades the same thing through the same account: otherwise it is plainly another.
      if (near === null && isSamePosition(earlier, row)) near = { id: earlier.id, differences };
      continue;
    }
    if (earlier.createdBy === row.createdBy) return { kind: 'repeat', id: earlier.id };
    const author = earlier.authorName ?? 'someone else';
    return {
      kind: 'refuse',
      message:
        `${author} created this same strategy mapping (#${earlier.id}) ${seconds(now - earlier.createdAt)} s ago: ` +
        'nothing was created, so its position is not doubled. Edit that one, or change a field to create another.',
    };
  }
  return { kind: 'insert', near };
}

/** The create's reply when it was made beside a near-twin: which one, and how they differ. */
export function createdMessage(verdict: CreateVerdict, base: string): string {
  if (verdict.kind !== 'insert' || !verdict.near) return base;
  const { id, differences } = verdict.near;
  return `${base}: a new one beside #${id}, created moments ago (they differ in ${listOf(differences)})`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
