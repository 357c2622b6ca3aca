import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { BrokerOrdersTable, DB } from '../../db/schema.js';
import {
  createFillWriter,
  LegAlreadyClosedError,
  type FillBooking,
  type FillWriter,
} from '../ledger/fill-writer.service.js';
import { valueOf, type TradeFill } from './broker-trades.logic.js';
import type { AnchorStorage, NewFill, WrittenFill } from './engine.types.js';
import { intentTagOf, sliceTag, type Slice } from './order-tags.js';
import { StalePositionError } from './stale-position.js';

/** A close found its leg already closed: another actor got there first (the fill writer's error). */
export { LegAlreadyClosedError };

type Trx = Transaction<DB>;
type OrderRow = Selectable<BrokerOrdersTable>;
type LegChanges = Omit<FillBooking<NewFill>, 'at' | 'fills'>;

/** An order's filled units signed as its fills and its leg are (SPEC §3): + sold, − bought. */
const signedBySide = (order: Pick<OrderRow, 'side'>, units: number) => (order.side === 'SELL' ? units : -units);

/**
 * The leg change of an `open` order's fill: a new leg (sold: quantity > 0, bought: < 0), or the leg another
 * slice of the same intent opened, grown (its entry price becomes the average of both).
 */
async function openOrGrowLeg(trx: Trx, order: OrderRow, units: number, pricePaise: number): Promise<LegChanges> {
  const filled = signedBySide(order, units);
  const held =
    order.legId === null
      ? undefined
      : await trx
          .selectFrom('strategyLegs')
          .select(['quantity', 'entryPricePaise'])
          .where('id', '=', order.legId)
          .where('status', '=', 'open')
          .executeTakeFirst();
  if (order.legId !== null && held) return { growLegs: [{ id: order.legId, by: filled, pricePaise, held }] };
  return {
    openLegs: [
      {
        mappingId: order.mappingId,
        userId: order.userId,
        optionType: order.optionType ?? 'CE',
        tradingSymbol: order.tradingSymbol,
        exchange: order.exchange,
        strikePaise: order.strikePaise ?? 0,
        expiry: order.expiry ?? '',
        quantity: filled,
        entryPricePaise: pricePaise,
      },
    ],
  };
}

/** The other slices of an opening intent, still pending, learn the leg its first fill opened. */
async function shareOpenedLeg(trx: Trx, order: OrderRow, legId: number) {
  const tag = intentTagOf(order.tag);
  await trx
    .updateTable('brokerOrders')
    .set({ legId })
    .where('mappingId', '=', order.mappingId)
    .where('status', '=', 'pending')
    .where('intent', '=', 'open')
    .where((eb) => eb.or([eb('tag', '=', tag), eb('tag', 'like', `${tag}.%`)]))
    .execute();
}

/**
 * The leg change of a `close` order's fill: its leg closes, or shrinks by what filled. A leg closes only if
 * it is still open, on the side the order closes (a BUY closes a sold leg, a SELL a bought one) and still
 * holds what the order was sent to close (a slice: its share): closing it twice would book a phantom trade.
 */
async function closeOrShrinkLeg(trx: Trx, order: OrderRow, units: number): Promise<LegChanges> {
  const legId = order.legId;
  if (legId === null) return {};
  const leg = await trx
    .selectFrom('strategyLegs')
    .select('quantity')
    .where('id', '=', legId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  const isItsSide = leg !== undefined && leg.quantity > 0 === (order.side === 'BUY');
  if (!leg || !isItsSide || Math.abs(leg.quantity) < order.quantity) throw new LegAlreadyClosedError(legId);
  // The fill's signed quantity is the order side's; the leg's change is the opposite of it.
  return units >= Math.abs(leg.quantity)
    ? { closeHeldLegs: [{ id: legId, held: leg.quantity }] }
    : { shrinkLegs: [{ id: legId, by: -signedBySide(order, units), held: leg.quantity }] };
}

/** The rows an intent's slices were already assigned to (the row `id` and its `<tag>.<n>` copies). */
async function assignedSlices(trx: Trx, id: number) {
  const row = await trx.selectFrom('brokerOrders').select('tag').where('id', '=', id).executeTakeFirst();
  if (!row) return [];
  const rows = await trx
    .selectFrom('brokerOrders')
    .select(['id', 'brokerOrderId', 'quantity'])
    .where((eb) => eb.or([eb('tag', '=', row.tag), eb('tag', 'like', `${row.tag}.%`)]))
    .where('brokerOrderId', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, brokerOrderId: r.brokerOrderId ?? '', quantity: r.quantity }));
}

/** Why an order another look found nowhere at the broker was given up (executor.ts `settleOpenOrders`). */
export const NEVER_SENT = 'never reached the broker';

/**
 * An order given up as never sent that the broker did take after all (its sender was still on its way: a slow
 * send, a lock lost under it) is pending again, so its fills are booked; true when it was.
 */
async function reviveUnsent(trx: Trx, id: number): Promise<boolean> {
  const revived = await trx
    .updateTable('brokerOrders')
    .set({ status: 'pending', error: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('error', '=', NEVER_SENT)
    .executeTakeFirst();
  return Number(revived.numUpdatedRows) === 1;
}

/**
 * Broker orders of live mappings: every intent is written before it is sent, then resolved by its tag.
 * Part of the engine repository (engine.repository.ts), not used on its own.
 */
export function createOrdersRepository(db: Kysely<DB>, writer: FillWriter = createFillWriter({ db })) {
  /**
   * Books a broker order's fills exactly once: the order turns filled, its leg opens or closes by what
   * filled, and one transaction is written per fill (per broker trade, each at its own price), all in one
   * database transaction. A second call for the same order books nothing (the order is claimed first, and a
   * trade is unique per order: migration 202611272030). Fills short of the order's quantity book exactly
   * what filled: an open leg of that size, or a close that leaves the rest of the leg open for the next
   * decision. The slices of one intent open one leg together and close their leg share by share. `note`
   * stays on the order's row (booked at its average: broker-trades.logic.ts). Returns the fills as written,
   * none when the order was booked already.
   */
  async function recordFills(orderId: number, fills: readonly TradeFill[], at: number, note?: string) {
    return db.transaction().execute(async (trx): Promise<WrittenFill[]> => {
      const order = await trx
        .selectFrom('brokerOrders as o')
        .innerJoin('userStrategyMappings as m', 'm.id', 'o.mappingId')
        .selectAll('o')
        .select(['m.strategyId', 'm.instrumentId'])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
      if (!order || order.status !== 'pending' || fills.length === 0) return [];
      const filled = fills.reduce((sum, f) => sum + f.quantity, 0);
      if (filled > order.quantity) throw new Error(`Fills of ${filled} exceed order ${orderId}'s ${order.quantity}`);
      // The order's and its leg's price: the fills' average, for reading only (P&L is made of the fills).
      const averagePaise = Math.round(valueOf(fills) / filled);
      // Claimed first, conditionally: a second booking of the same order (another process, a recovery
      // racing a reply) finds it no longer pending and books nothing.
      const claimed = await trx
        .updateTable('brokerOrders')
        .set({ status: 'filled', fillPricePaise: averagePaise, updatedAt: at, ...(note ? { error: note } : {}) })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return [];
      const legChanges =
        order.intent === 'open'
          ? await openOrGrowLeg(trx, order, filled, averagePaise)
          : await closeOrShrinkLeg(trx, order, filled);
      const rows: NewFill[] = fills.map((f) => ({
        userId: order.userId,
        mappingId: order.mappingId,
        strategyId: order.strategyId,
        instrumentId: order.instrumentId,
        tradingSymbol: order.tradingSymbol,
        quantity: order.side === 'SELL' ? f.quantity : -f.quantity,
        pricePaise: f.pricePaise,
        isDummy: 0,
        orderId,
        brokerTradeId: f.tradeId,
      }));
      // The fills, their leg's change and the user's count, booked by the ledger's one fill writer.
      const booked = await writer.book(trx, { at, fills: rows, ...legChanges });
      const opened = booked.openedLegIds[0];
      if (opened !== undefined) await shareOpenedLeg(trx, order, opened);
      await trx
        .updateTable('brokerOrders')
        .set({ legId: opened ?? order.legId })
        .where('id', '=', orderId)
        .execute();
      return booked.fills;
    });
  }

  return {
    /**
     * Writes an order as pending before it is sent, moving its strategy's position version on from
     * `positionVersion` (the value read under the mapping lock, stale-position.ts) in the same transaction:
     * a version moved meanwhile (another console traded the strategy) refuses it, and nothing is sent.
     */
    async insertPending(row: Omit<Insertable<BrokerOrdersTable>, 'status'>, positionVersion: number) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('userStrategyMappings')
          .set({ positionVersion: positionVersion + 1 })
          .where('id', '=', row.mappingId)
          .where('positionVersion', '=', positionVersion)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new StalePositionError([row.mappingId]);
        const { id } = await trx
          .insertInto('brokerOrders')
          .values({ ...row, status: 'pending' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
    },

    /**
     * The broker took the order (its id). Returns true when the row had been given up as never sent meanwhile
     * (another look found nothing at the broker while this console was still sending it): it is pending again,
     * so what the broker did with it is booked after all rather than lost.
     */
    async markPlaced(id: number, brokerOrderId: string, at: number) {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('brokerOrders').set({ brokerOrderId, updatedAt: at }).where('id', '=', id).execute();
        return reviveUnsent(trx, id);
      });
    },

    async markFailed(id: number, error: string, at: number) {
      await db
        .updateTable('brokerOrders')
        .set({ status: 'failed', error: error.slice(0, 500), updatedAt: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    pending() {
      return db.selectFrom('brokerOrders').selectAll().where('status', '=', 'pending').orderBy('id').execute();
    },

    /** A mapping's orders not yet settled: unsent, lost replies, or resting at the broker. */
    pendingOf(mappingId: number) {
      return db
        .selectFrom('brokerOrders')
        .selectAll()
        .where('mappingId', '=', mappingId)
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute();
    },

    async isPending(id: number) {
      const row = await db.selectFrom('brokerOrders').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'pending';
    },

    /**
     * The broker orders an intent became when Kite sliced it (order-slices.ts): the pending row `id` takes
     * the first slice's id and quantity, and a copy of it is written for each other slice, in one
     * transaction. Returns each slice's row; none when the row is no longer pending.
     */
    async assignSlices(id: number, slices: readonly Slice[], at: number) {
      return db.transaction().execute(async (trx) => {
        const [first, ...others] = slices;
        if (!first) return [];
        await reviveUnsent(trx, id);
        // Claimed first, conditionally: the console that sent it and another settling it (its lock lost
        // meanwhile) may learn the same slices at once; the second finds them assigned and takes those rows.
        const claimed = await trx
          .updateTable('brokerOrders')
          .set({ brokerOrderId: first.brokerOrderId, quantity: first.quantity, updatedAt: at })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('brokerOrderId', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return assignedSlices(trx, id);
        const row = await trx.selectFrom('brokerOrders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const rows = [{ id, ...first }];
        for (const [i, slice] of others.entries()) {
          const { id: _id, ...copy } = row;
          const inserted = await trx
            .insertInto('brokerOrders')
            .values({
              ...copy,
              tag: sliceTag(row.tag, i + 2),
              brokerOrderId: slice.brokerOrderId,
              quantity: slice.quantity,
              updatedAt: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          rows.push({ id: inserted.id, ...slice });
        }
        return rows;
      });
    },

    recordFills,

    /** One fill of `quantity` at one price (a fill the trader read in the Kite account); see `recordFills`. */
    async recordFill(orderId: number, pricePaise: number, at: number, quantity: number) {
      const [written] = await recordFills(orderId, [{ tradeId: null, quantity, pricePaise }], at);
      return written ?? null;
    },

    /** A live entry's ATM, in its strategy type's table (`anchor`: its storage). */
    async setAtm(anchor: AnchorStorage, mappingId: number, atmPaise: number, at: number) {
      await sql`update ${sql.table(anchor.table)}
        set ${sql.ref(anchor.anchorColumn)} = ${atmPaise}, ${sql.ref(anchor.anchorAtColumn)} = ${at}, updated_at = ${at}
        where mapping_id = ${mappingId}`.execute(db);
    },

    async countByTag(tag: string) {
      const row = await db
        .selectFrom('brokerOrders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag', '=', tag)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
