/*
 * Exchange freeze quantities: the most units one order of an index option may carry. Above it the exchange
 * refuses the order, so a live order goes out in slices (Kite's autoslice), each an order of its own that pays
 * its own brokerage. Paper and backtests slice the same way (issue 30 item 5). Dated facts, pure.
 */

export interface FreezeSchedule {
  /** The first IST day (YYYY-MM-DD) the quantities apply. */
  from: string;
  source: string;
  /** Units per order (NSE states freeze limits in quantity, not lots), by option root. */
  quantities: Readonly<Record<string, number>>;
}

/**
 * Oldest first. NSE reissues the circular every month; the latest read is kept here. Days before the first
 * schedule take it too (older circulars not read: docs/BACKTEST.md counts it among a backtest's assumptions).
 * SANDBOX is the sandbox's own 24×7 index: its limit is ours.
 */
export const FREEZE_SCHEDULES: readonly FreezeSchedule[] = [
  {
    from: '2026-08-03',
    source:
      'NSE circular "Quantity freeze limits for indices", 31 Jul 2026, effective 3 Aug 2026 (BANKNIFTY was 900 from 1 Apr to 30 Jun 2026)',
    quantities: { NIFTY: 1800, BANKNIFTY: 600, FINNIFTY: 1800, MIDCPNIFTY: 2800, NIFTYNXT50: 600, SANDBOX: 1000 },
  },
];

/** The freeze quantities in force on IST day `day`. */
export function freezeQuantitiesOn(day: string): Readonly<Record<string, number>> {
  let found = FREEZE_SCHEDULES[0]!;
  for (const schedule of FREEZE_SCHEDULES) if (schedule.from <= day) found = schedule;
  return found.quantities;
}

/**
 * The order sizes a `quantity`-unit order of `root` goes out as on `day`: itself when within the freeze
 * quantity (or none is known), else slices of the largest whole number of lots within it, the last the rest
 * (Kite's autoslice: NIFTY's 1800 with lots of 65 slices at 27 lots, 1755).
 */
export function orderSlices(root: string | null, day: string, lotSize: number, quantity: number): number[] {
  const freeze = root === null ? undefined : freezeQuantitiesOn(day)[root];
  if (freeze === undefined || quantity <= freeze) return [quantity];
  const sliceMax = Math.max(lotSize, Math.floor(freeze / lotSize) * lotSize);
  return Array.from({ length: Math.ceil(quantity / sliceMax) }, (_, i) => Math.min(sliceMax, quantity - i * sliceMax));
}
