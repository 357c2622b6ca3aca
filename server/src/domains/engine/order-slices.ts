/**
 * Live orders above the exchange's freeze quantity (issue 12). A broker may publish no freeze quantities
 * (Kite names one only in the refusal of an order above it, and refuses `autoslice=true` at or below it;
 * docs/RDX.md has the sources): the adapter says which refusal is which (`BrokerRejected.reason`, with the
 * quantity it named). So an order goes out plain; when the broker refuses it for its size it goes out once
 * more sliced, and the quantity named is remembered per instrument, so the next large order there is sliced at once.
 *
 * Each slice is a broker order of its own, booked by its own row: the intent's row becomes the first slice
 * and the others get copies tagged `<tag>.2`, `<tag>.3`, … (tags are unique in our table; at Kite every slice
 * carries the intent's tag, which is how a lost reply is settled).
 */
import {
  BrokerRejected,
  type BrokerAccount,
  type BrokerOrder,
  type BrokerOrderParams,
} from '../brokers/broker-port.js';
import type { OrdersRepository } from './orders.repository.js';
import type { Slice } from './order-tags.js';

export { intentTagOf, sliceTag, type Slice } from './order-tags.js';

/** A refusal saying the order is above (or, sliced, not above) the freeze quantity: the adapter's rule. */
const isRefusedFor = (err: unknown, reason: 'above_freeze' | 'below_freeze'): err is BrokerRejected =>
  err instanceof BrokerRejected && err.reason === reason;

/** Freeze quantities the broker named, by instrument (an underlying's options share one); per process. */
export function createFreezeMemory() {
  const known = new Map<number, number>();
  return {
    /** Whether `quantity` is known to be above the instrument's freeze quantity. */
    isAbove: (instrumentId: number, quantity: number) => quantity > (known.get(instrumentId) ?? Infinity),
    learn(instrumentId: number, quantity: number | null) {
      if (quantity !== null) known.set(instrumentId, quantity);
    },
    forget: (instrumentId: number) => void known.delete(instrumentId),
  };
}
export type FreezeMemory = ReturnType<typeof createFreezeMemory>;

/** What the broker took: one order, or an autoslice parent with its slices' ids (when the reply lists them). */
export type Sent =
  | { isSliced: false; orderId: string }
  | { isSliced: true; parentId: string; childIds: string[] | null; refusals: string[] };

/**
 * Sends one intended order, plain or sliced as the freeze quantity asks, and once more the other way when
 * Kite refuses it for that (raised or lowered freeze quantities). Every request goes through `inTurn` (the
 * account's rate limit: a refused request counts too). Any other failure is thrown as it came.
 */
export async function sendOrder(
  rest: Pick<BrokerAccount, 'placeOrder' | 'placeSlicedOrder'>,
  order: BrokerOrderParams,
  opts: { memory: FreezeMemory; instrumentId: number; inTurn: <T>(request: () => Promise<T>) => Promise<T> },
): Promise<Sent> {
  let isSliced = opts.memory.isAbove(opts.instrumentId, order.quantity);
  for (let attempt = 1; ; attempt++) {
    try {
      if (!isSliced) return { isSliced, orderId: await opts.inTurn(() => rest.placeOrder(order)) };
      const reply = await opts.inTurn(() => rest.placeSlicedOrder(order));
      const children = reply.children ?? null;
      return {
        isSliced,
        parentId: reply.order_id,
        childIds: children && children.flatMap((c) => (c.order_id ? [c.order_id] : [])),
        refusals: (children ?? []).flatMap((c) => (c.order_id ? [] : [c.error?.message ?? 'refused'])),
      };
    } catch (err) {
      if (attempt > 1) throw err;
      if (!isSliced && isRefusedFor(err, 'above_freeze')) {
        opts.memory.learn(opts.instrumentId, err.freezeQuantity);
        isSliced = true;
      } else if (isSliced && isRefusedFor(err, 'below_freeze')) {
        opts.memory.forget(opts.instrumentId);
        isSliced = false;
      } else {
        throw err;
      }
    }
  }
}

/** The orders of `book` carrying an intent's tag or named by an autoslice reply, in the book's order. */
export function slicesIn(book: readonly BrokerOrder[], tag: string, childIds: readonly string[] = []): Slice[] {
  return book
    .filter((o) => o.tag === tag || childIds.includes(o.order_id))
    .map((o) => ({ brokerOrderId: o.order_id, quantity: o.quantity }));
}

/**
 * Every slice of a sliced placement with its quantity: the reply's children, else the book's orders with
 * the intent's tag, else the reply's own id (Kite's documented plain reply). Quantities the book lacks
 * come from the order's history.
 */
export async function slicesOfPlacement(
  rest: Pick<BrokerAccount, 'orders' | 'orderHistory' | 'label'>,
  tag: string,
  sent: Extract<Sent, { isSliced: true }>,
): Promise<Slice[]> {
  const found = slicesIn(await rest.orders(), tag, sent.childIds ?? []);
  const named = sent.childIds ?? (found.length > 0 ? [] : [sent.parentId]);
  for (const id of named) {
    if (found.some((s) => s.brokerOrderId === id)) continue;
    const last = (await rest.orderHistory(id)).at(-1);
    if (!last) throw new BrokerRejected(`${rest.label} has no history for slice ${id}`, { broker: rest.label });
    found.push({ brokerOrderId: id, quantity: last.quantity });
  }
  return found;
}

/** An order row and the broker order it stands for. */
export interface SliceRow extends Slice {
  id: number;
}

/**
 * The rows of what the broker took: the intent's row placed, or one row per slice. Should the slices not
 * be learned now (a failed read), the row stays pending as a lost reply does and is settled by its tag.
 */
export async function placedRows(
  repo: Pick<OrdersRepository, 'markPlaced' | 'assignSlices'>,
  rest: Pick<BrokerAccount, 'orders' | 'orderHistory' | 'label'>,
  row: { id: number; tag: string; quantity: number },
  sent: Sent,
  at: number,
): Promise<SliceRow[]> {
  if (!sent.isSliced) {
    await repo.markPlaced(row.id, sent.orderId, at);
    return [{ id: row.id, brokerOrderId: sent.orderId, quantity: row.quantity }];
  }
  return repo.assignSlices(row.id, await slicesOfPlacement(rest, row.tag, sent), at);
}

/**
 * The broker orders of a pending row: its own, or for a lost reply every order in `book` carrying its tag
 * (several when Kite sliced it: each then gets a row). None: it never reached the broker.
 */
export async function pendingRows(
  repo: Pick<OrdersRepository, 'assignSlices'>,
  row: { id: number; tag: string; quantity: number; brokerOrderId: string | null },
  book: readonly BrokerOrder[],
  at: number,
): Promise<SliceRow[]> {
  if (row.brokerOrderId !== null) return [{ id: row.id, brokerOrderId: row.brokerOrderId, quantity: row.quantity }];
  const found = slicesIn(book, row.tag);
  return found.length > 1 ? repo.assignSlices(row.id, found, at) : found.map((f) => ({ id: row.id, ...f }));
}

/** Joins what went wrong with an intent's slices into one reason; null when nothing did. */
export function reasonOf(reasons: ReadonlyArray<string | null>): string | null {
  const why = reasons.filter((r): r is string => r !== null);
  return why.length > 0 ? why.join('; ') : null;
}
