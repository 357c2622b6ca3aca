import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { effectiveCaps } from './portfolio-limits.logic.js';

/** The limits' SQL: per-strategy limits on the mappings, the daily one on the user. */
export function createLimitsRepository(db: Kysely<DB>) {
  return {
    /** Limits of the given strategies (only those with at least one set). */
    async strategyLimits(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('userStrategyMappings')
        .select(['id', 'userId', 'maxLossPaise', 'targetProfitPaise', 'adminMaxLossPaise'])
        .where('id', 'in', [...ids])
        .where((eb) => eb.or([eb('maxLossPaise', 'is not', null), eb('targetProfitPaise', 'is not', null)]))
        .execute();
    },

    /** Users among `userIds` with a daily max loss, and the limit. */
    async dailyLimits(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'dailyMaxLossPaise', 'adminDailyMaxLossPaise'])
        .where('id', 'in', [...userIds])
        .where('dailyMaxLossPaise', 'is not', null)
        .execute();
    },

    /** The owner of a strategy that has a limit set; null without one (nothing to check). */
    async ownerOf(mappingId: number): Promise<number | null> {
      const row = await db
        .selectFrom('userStrategyMappings')
        .select('userId')
        .where('id', '=', mappingId)
        .where((eb) => eb.or([eb('maxLossPaise', 'is not', null), eb('targetProfitPaise', 'is not', null)]))
        .executeTakeFirst();
      return row?.userId ?? null;
    },

    /**
     * Users among `userIds` with a portfolio cap set (issue 34 item 4), with the caps they are held to: each the
     * tighter of their own and the admin's (the admin's kept beside, so a refusal can say whose cap binds).
     */
    async portfolioLimits(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select([
          'id',
          'maxNetDeltaHundredths',
          'maxNetVegaPaise',
          'maxMarginUsedPaise',
          'adminMaxNetDeltaHundredths',
          'adminMaxNetVegaPaise',
          'adminMaxMarginUsedPaise',
          'reduceOnBreach',
        ])
        .where('id', 'in', [...userIds])
        .where((eb) =>
          eb.or([
            eb('maxNetDeltaHundredths', 'is not', null),
            eb('maxNetVegaPaise', 'is not', null),
            eb('maxMarginUsedPaise', 'is not', null),
            eb('adminMaxNetDeltaHundredths', 'is not', null),
            eb('adminMaxNetVegaPaise', 'is not', null),
            eb('adminMaxMarginUsedPaise', 'is not', null),
          ]),
        )
        .execute();
      return rows.map(effectiveCaps);
    },

    /** Sets the portfolio limits given, and the admin's caps on them (a field left out keeps its value). */
    async setPortfolioLimits(
      userId: number,
      limits: {
        maxNetDeltaHundredths?: number | null;
        maxNetVegaPaise?: number | null;
        maxMarginUsedPaise?: number | null;
        reduceOnBreach?: number;
        adminMaxNetDeltaHundredths?: number | null;
        adminMaxNetVegaPaise?: number | null;
        adminMaxMarginUsedPaise?: number | null;
      },
      now: number,
    ) {
      const set = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) return;
      await db
        .updateTable('users')
        .set({ ...set, updatedAt: now })
        .where('id', '=', userId)
        .execute();
    },

    async user(id: number) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'dailyMaxLossPaise',
          'adminDailyMaxLossPaise',
          'maxNetDeltaHundredths',
          'maxNetVegaPaise',
          'maxMarginUsedPaise',
          'adminMaxNetDeltaHundredths',
          'adminMaxNetVegaPaise',
          'adminMaxMarginUsedPaise',
          'reduceOnBreach',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * What a limit stop's row will say beside its reason (issue 27), written just before the stop so the
     * status change already carries it. Read only while the row's stop reason is the one it was written for.
     */
    async setStopNotes(notes: ReadonlyArray<{ id: number; note: string }>) {
      // One statement per note (a daily breach writes the same one on every strategy), 500 ids at a time.
      const idsOf = new Map<string, number[]>();
      for (const { id, note } of notes) idsOf.set(note, [...(idsOf.get(note) ?? []), id]);
      for (const [note, ids] of idsOf) {
        for (let i = 0; i < ids.length; i += 500) {
          await db
            .updateTable('userStrategyMappings')
            .set({ stopNote: note.slice(0, 500) })
            .where('id', 'in', ids.slice(i, i + 500))
            .execute();
        }
      }
    },

    /** Running live strategies on a broker account holding an open leg in any of `symbols` (a drift pause). */
    async runningLiveHolding(userBrokerId: number, symbols: readonly string[]) {
      if (symbols.length === 0) return [];
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('strategyLegs as l', 'l.mappingId', 'm.id')
        .select(['m.id', 'm.userId', 'l.tradingSymbol'])
        .where('m.userBrokerId', '=', userBrokerId)
        .where('m.isDummy', '=', 0)
        .where('m.runningStatus', '=', 1)
        .where('l.status', '=', 'open')
        .where('l.tradingSymbol', 'in', [...symbols])
        .orderBy('m.id')
        .execute();
    },

    /** Sets the limit; `adminCap` (when given) sets the admin's cap with it, null lifting it. */
    async setDailyLimit(userId: number, paise: number | null, now: number, adminCap?: number | null) {
      await db
        .updateTable('users')
        .set({
          dailyMaxLossPaise: paise,
          ...(adminCap !== undefined ? { adminDailyMaxLossPaise: adminCap } : {}),
          updatedAt: now,
        })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
