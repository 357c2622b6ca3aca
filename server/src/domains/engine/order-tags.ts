/*
 * How an intent's broker orders are named when Kite slices it (order-slices.ts): shared by the slicing and
 * by the orders repository that writes the slices' rows, kept apart so neither imports the other.
 */

/** One broker order an intent became. */
export interface Slice {
  brokerOrderId: string;
  quantity: number;
}

/** The tag of a slice's row: the intent's own for the first, `<tag>.<n>` for the n-th. */
export const sliceTag = (tag: string, n: number): string => (n <= 1 ? tag : `${tag}.${n}`);

/** The intent's tag of a slice's row (the tag Kite knows every slice by). */
export const intentTagOf = (rowTag: string): string => rowTag.split('.')[0] ?? rowTag;
