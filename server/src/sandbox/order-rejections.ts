/**
 * Queued RMS rejections (the `reject_orders` fault): the next N orders are placed and then REJECTED with
 * a status message, the way Kite reports an RMS refusal (kiteconnect-mocks `orders.json`: status
 * REJECTED, `status_message` "Insufficient funds…"), rather than refused with an error reply.
 */

import type { Rejection } from './kite-order-book.js';

/** What a rejected order says when the fault named no message. */
export const DEFAULT_REJECTION_MESSAGE = 'Order rejected by the sandbox exchange (injected fault).';

/** Rejections waiting for the next orders, consumed one per order (each autoslice child counts). */
export class OrderRejections {
  private readonly queued: { remaining: number; message: string }[] = [];

  /** Rejects the next `count` orders with `message`. */
  rejectNext(count: number, message: string = DEFAULT_REJECTION_MESSAGE): void {
    if (count > 0) this.queued.push({ remaining: count, message });
  }

  /** The rejection for the order being placed now, if one is queued (its raw text is `RMS:<message>`). */
  take(): Rejection | null {
    const head = this.queued[0];
    if (!head) return null;
    head.remaining -= 1;
    if (head.remaining <= 0) this.queued.shift();
    return { message: head.message, raw: `RMS:${head.message}` };
  }

  /** Forgets every queued rejection. */
  clear(): void {
    this.queued.length = 0;
  }
}
