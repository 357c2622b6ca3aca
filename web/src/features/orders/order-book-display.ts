import type { BookOrder } from '@app/contract';

/** A status as a trader reads it. */
export const STATUS_WORDS: Record<BookOrder['status'], string> = {
  open: 'Open',
  complete: 'Complete',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** "1,300 / 1,625": what filled of what was asked, or the quantity alone when all of it filled. */
export function filledText(o: Pick<BookOrder, 'quantity' | 'filled_quantity'>): string {
  const n = (x: number) => x.toLocaleString('en-IN');
  return o.filled_quantity === o.quantity ? n(o.quantity) : `${n(o.filled_quantity)} / ${n(o.quantity)}`;
}

export interface OrderFilters {
  status: '' | BookOrder['status'];
  from: string;
  to: string;
  /** One of the trader's strategies (its id); the trader's book only. */
  mappingId: string;
  /** A username (the admin's book only). */
  user: string;
}

export const NO_ORDER_FILTERS: OrderFilters = { status: '', from: '', to: '', mappingId: '', user: '' };

/** The book's query for a page and its filters (blank filters left out). */
export function orderBookQuery(filters: OrderFilters, page: number, size: number) {
  const user = filters.user.trim();
  return {
    limit: size,
    offset: page * size,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.mappingId ? { mapping_id: Number(filters.mappingId) } : {}),
    ...(user ? { user } : {}),
  };
}
