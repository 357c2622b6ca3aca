/**
 * Live orders above the exchange's freeze quantity (issue 12). Kite publishes no freeze quantities: it names
 * one only in the refusal of an order above it (a 400 InputException from its risk checks; nothing is
 * placed), and it refuses `autoslice=true` at or below it (docs/RDX.md has the sources). So an order goes
 * out plain; when Kite refuses it for its size it goes out once more with `autoslice=true`, and the quantity
 * Kite named is remembered per instrument, so the next large order there is sliced at once.
 *
 * Each slice is a broker order of its own, booked by its own row: the intent's row becomes the first slice
 * and the others get copies tagged `<tag>.2`, `<tag>.3`, … (tags are unique in our table; at Kite every slice
 * carries the intent's tag, which is how a lost reply is settled).
 */
import { KiteApiError } from '../../protocols/kite-rest.js';
import type { KiteOrder, KiteOrderRequest, KiteRest } from '../market-data/adapters/kite-rest-client.js';
import type { OrdersRepository } from './orders.repository.js';
import type { Slice } from './order-tags.js';

export { intentTagOf, sliceTag, type Slice } from './order-tags.js';

/**
 * Kite's refusal: "The order quantity 1000 (40 lots) is higher than the maximum quantity of 900 (36 lots)
 * allowed by the exchanges…" (kite.trade forum 42709). "freeze quantity" is matched too, in case it is
 * reworded the way Zerodha's support pages name it.
 */
const FREEZE_REFUSAL = /maximum quantity|freeze quantity/i;
const FREEZE_QUANTITY = /(?:maximum|freeze) quantity of ([\d,]+)/i;
/** Kite's refusal of autoslice at or below the freeze quantity: "Quantity should be … for order slicing." */
const TOO_SMALL_TO_SLICE = /for order slicing/i;

const isInputRefusal = (err: unknown, pattern: RegExp): err is KiteApiError =>
  err instanceof KiteApiError && err.errorType === 'InputException' && pattern.test(err.message);

/** The freeze quantity a refusal names, if it names one. */
export function freezeQuantityIn(message: string): number | null {
  const digits = FREEZE_QUANTITY.exec(message)?.[1]?.replaceAll(',', '');
  const quantity = digits ? Number(digits) : NaN;
  return Number.isInteger(quantity) && quantity > 0 ? quantity : null;
}

/** Freeze quantities Kite named, by instrument (an underlying's options share one); per process. */
export function createFreezeMemory() {
  const known = new Map<number, number>();
  return {
    /** Whether `quantity` is known to be above the instrument's freeze quantity. */
    isAbove: (instrumentId: number, quantity: number) => quantity > (known.get(instrumentId) ?? Infinity),
    learn(instrumentId: number, message: string) {
      const quantity = freezeQuantityIn(message);
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
 * Kite refuses it for that (raised or lowered freeze quantities). `beforeEach` runs before every request
 * (the account's rate limit: a refused request counts too). Any other failure is thrown as it came.
 */
export async function sendOrder(
  rest: Pick<KiteRest, 'placeOrder' | 'placeSlicedOrder'>,
  order: KiteOrderRequest,
  opts: { memory: FreezeMemory; instrumentId: number; beforeEach: () => Promise<void> },
): Promise<Sent> {
  let isSliced = opts.memory.isAbove(opts.instrumentId, order.quantity);
  for (let attempt = 1; ; attempt++) {
    await opts.beforeEach();
    try {
      if (!isSliced) return { isSliced, orderId: await rest.placeOrder(order) };
      const reply = await rest.placeSlicedOrder(order);
      const children = reply.children ?? null;
      return {
        isSliced,
        parentId: reply.order_id,
        childIds: children && children.flatMap((c) => (c.order_id ? [c.order_id] : [])),
        refusals: (children ?? []).flatMap((c) => (c.order_id ? [] : [c.error?.message ?? 'refused'])),
      };
    } catch (err) {
      if (attempt > 1) throw err;
      if (!isSliced && isInputRefusal(err, FREEZE_REFUSAL)) {
        opts.memory.learn(opts.instrumentId, err.message);
        isSliced = true;
      } else if (isSliced && isInputRefusal(err, TOO_SMALL_TO_SLICE)) {
        opts.memory.forget(opts.instrumentId);
        isSliced = false;
      } else {
        throw err;
      }
    }
  }
}

/** The orders of `book` carrying an intent's tag or named by an autoslice reply, in the book's order. */
export function slicesIn(book: readonly KiteOrder[], tag: string, childIds: readonly string[] = []): Slice[] {
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
  rest: Pick<KiteRest, 'orders' | 'orderHistory'>,
  tag: string,
  sent: Extract<Sent, { isSliced: true }>,
): Promise<Slice[]> {
  const found = slicesIn(await rest.orders(), tag, sent.childIds ?? []);
  const named = sent.childIds ?? (found.length > 0 ? [] : [sent.parentId]);
  for (const id of named) {
    if (found.some((s) => s.brokerOrderId === id)) continue;
    const last = (await rest.orderHistory(id)).at(-1);
    if (!last) throw new KiteApiError('DataException', `Kite has no history for slice ${id}`);
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
  rest: Pick<KiteRest, 'orders' | 'orderHistory'>,
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
  book: readonly KiteOrder[],
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
