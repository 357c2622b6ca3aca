import type { BrokerageSchedule } from '../../broker-port.js';

/**
 * Zerodha's brokerage on NSE index options (docs/LEDGER.md, "Charges"): ₹20 flat per executed F&O options
 * order, whatever its size; "brokerage is also charged on expired, exercised, and assigned options contracts"
 * (Zerodha charges page), so a leg settled in the money costs ₹20 for the close-out order and one out of the
 * money nothing (Zerodha staff on Trading Q&A, 24 Aug 2023). (The "₹20 or 0.03%, whichever is lower" rule on
 * the same page is for futures and intraday equity, which the console does not trade.)
 *
 * Zerodha has charged the flat ₹20 since long before the console's first statutory schedule; the first entry
 * starts with that schedule (2024-10-01) so every day the console prices has one. Append an entry, with its
 * date and source, when Zerodha changes the price; never edit one that has been used.
 */
export const KITE_BROKERAGE: readonly BrokerageSchedule[] = [{ from: '2024-10-01', perOrderPaise: 2000 }];
