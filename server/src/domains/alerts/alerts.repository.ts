import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AlertChannelsTable, AlertDeliveriesTable, AlertsTable, DB } from '../../db/schema.js';
import { INSTRUMENT_HOURS } from '../../db/columns.js';

/**
 * Rows per statement: the kill switch alerts every user at once, and SQLite takes at most 32,766 bound
 * values in one statement (PostgreSQL 65,535).
 */
const CHUNK = 500;
const chunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** All SQL of the alerts: the notification rows, each user's channels, the delivery queue. */
export function createAlertsRepository(db: Kysely<DB>) {
  /** Deliveries with their alert and the owner's channels as they are now. */
  const deliveries = () =>
    db
      .selectFrom('alertDeliveries as d')
      .innerJoin('alerts as a', 'a.id', 'd.alertId')
      .leftJoin('alertChannels as c', 'c.userId', 'a.userId')
      .select([
        'd.id',
        'd.channel',
        'd.attempts',
        'd.nextAttemptAt',
        'a.id as alertId',
        'a.userId',
        'a.kind',
        'a.title',
        'a.body',
        'a.createdAt',
        'a.readAt',
        'a.mappingId',
        'a.userBrokerId',
        'c.telegramBotTokenSealed',
        'c.telegramChatId',
        'c.webhookUrl',
        'c.webhookSecretSealed',
      ]);

  return {
    /**
     * Inserts alerts (one whose (user, dedupe key) is already there is skipped) and, in the same transaction,
     * the deliveries `queueFor` names for those inserted: an alert in the bell always has its sends queued.
     * Returns the alerts inserted.
     */
    storeAlerts(
      rows: Array<Insertable<AlertsTable>>,
      queueFor: (inserted: Array<Selectable<AlertsTable>>) => Array<Insertable<AlertDeliveriesTable>>,
    ) {
      return db.transaction().execute(async (trx) => {
        const inserted = [];
        for (const part of chunks(rows)) {
          inserted.push(
            ...(await trx
              .insertInto('alerts')
              .values(part)
              .onConflict((oc) => oc.columns(['userId', 'dedupeKey']).doNothing())
              .returningAll()
              .execute()),
          );
        }
        const deliveries = inserted.length === 0 ? [] : queueFor(inserted);
        for (const part of chunks(deliveries)) await trx.insertInto('alertDeliveries').values(part).execute();
        return inserted;
      });
    },

    listFor(userId: number, limit: number, offset: number) {
      return db
        .selectFrom('alerts')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countsFor(userId: number) {
      const row = await db
        .selectFrom('alerts')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('readAt', 'is', null).as('unread'),
        ])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread) };
    },

    /** Marks the user's own alerts read; ids of anyone else's match nothing. */
    async markRead(userId: number, ids: number[] | 'all', at: number) {
      let q = db.updateTable('alerts').set({ readAt: at }).where('userId', '=', userId).where('readAt', 'is', null);
      if (ids !== 'all') q = q.where('id', 'in', ids);
      await q.execute();
    },

    channelsOf(userId: number) {
      return db.selectFrom('alertChannels').selectAll().where('userId', '=', userId).executeTakeFirst();
    },

    /** The newest delivery on a channel of the user's alerts, however it went. */
    lastDelivery(userId: number, channel: 'telegram' | 'webhook') {
      return db
        .selectFrom('alertDeliveries as d')
        .innerJoin('alerts as a', 'a.id', 'd.alertId')
        .select(['d.status', 'd.attempts', 'd.nextAttemptAt', 'd.deliveredAt', 'd.lastError'])
        .where('a.userId', '=', userId)
        .where('d.channel', '=', channel)
        .orderBy('a.id', 'desc')
        .orderBy('d.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async channelsFor(userIds: number[]) {
      const found = [];
      for (const part of chunks(userIds)) {
        found.push(...(await db.selectFrom('alertChannels').selectAll().where('userId', 'in', part).execute()));
      }
      return found;
    },

    async saveChannels(row: AlertChannelsTable) {
      const { userId: _key, ...settings } = row;
      await db
        .insertInto('alertChannels')
        .values(row)
        .onConflict((oc) => oc.column('userId').doUpdateSet(settings))
        .execute();
    },

    /** Deliveries due at `now`, with their alert and the owner's channels as they are now. */
    dueDeliveries(now: number, limit: number) {
      return deliveries()
        .where('d.status', '=', 'pending')
        .where('d.nextAttemptAt', '<=', now)
        .orderBy('d.nextAttemptAt')
        .limit(limit)
        .execute();
    },

    /** One alert's deliveries still to be sent, as `dueDeliveries` gives them. */
    pendingDeliveriesOf(alertId: number) {
      return deliveries().where('d.alertId', '=', alertId).where('d.status', '=', 'pending').orderBy('d.id').execute();
    },

    /**
     * Takes a due delivery for one attempt by moving its next attempt past the attempt's deadline: a second
     * leader for a moment (a handover) finds it taken and does not send it twice.
     */
    async claim(id: number, dueAt: number, until: number) {
      const r = await db
        .updateTable('alertDeliveries')
        .set({ nextAttemptAt: until })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '=', dueAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async settle(
      id: number,
      step: Pick<
        Updateable<AlertDeliveriesTable>,
        'status' | 'attempts' | 'nextAttemptAt' | 'deliveredAt' | 'lastError'
      >,
    ) {
      await db.updateTable('alertDeliveries').set(step).where('id', '=', id).execute();
    },

    /** Deletes alerts created before `before`, their deliveries with them; returns how many went. */
    async pruneAlerts(before: number) {
      return db.transaction().execute(async (trx) => {
        const old = trx.selectFrom('alerts').select('id').where('createdAt', '<', before);
        await trx.deleteFrom('alertDeliveries').where('alertId', 'in', old).execute();
        const r = await trx.deleteFrom('alerts').where('createdAt', '<', before).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    async adminIds() {
      const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      return rows.map((r) => r.id);
    },

    async allUserIds() {
      const rows = await db.selectFrom('users').select('id').execute();
      return rows.map((r) => r.id);
    },

    /** Running live strategies' broker accounts with their market's hours: whose token may die before the open. */
    runningLiveTokens() {
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('userBrokers as ub', 'ub.id', 'm.userBrokerId')
        .innerJoin('brokers as b', 'b.id', 'ub.brokerId')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .select((eb) => [
          'm.userId',
          'ub.id as userBrokerId',
          'ub.brokerUsername',
          'ub.tokenUpdatedAt',
          'b.kind as brokerKind',
          eb.case().when('ub.brokerTokenSealed', 'is not', null).then(1).else(0).end().as('hasToken'),
          ...INSTRUMENT_HOURS,
        ])
        .where('m.runningStatus', '=', 1)
        .where('m.isDummy', '=', 0)
        .execute();
    },

    /**
     * Each owner's running, active strategies and how many of them hold open legs: who an RDX service switch
     * holds (issue 27).
     */
    async runningStrategiesByOwner(): Promise<Array<{ userId: number; running: number; holding: number }>> {
      const rows = await db
        .selectFrom('userStrategyMappings as m')
        .select((eb) => [
          'm.userId',
          eb.fn.countAll<number>().as('running'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(
                  eb.exists(
                    eb
                      .selectFrom('strategyLegs as l')
                      .select('l.id')
                      .whereRef('l.mappingId', '=', 'm.id')
                      .where('l.status', '=', 'open'),
                  ),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as('holding'),
        ])
        .where('m.runningStatus', '=', 1)
        .where('m.isActive', '=', 1)
        .groupBy('m.userId')
        .execute();
      return rows.map((r) => ({ userId: r.userId, running: Number(r.running), holding: Number(r.holding ?? 0) }));
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
