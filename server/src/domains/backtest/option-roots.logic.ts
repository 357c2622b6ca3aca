import { OPTION_ROOTS } from '../../sandbox/sandbox-market.js';
import { expiryOn, listedExpiries, type Expiry } from '../../sandbox/option-expiries.js';
import { expiriesBetween, INDEX_ROOTS, lotSizeOn, type IndexRoot } from '../market-rules/market-rules.logic.js';
import { dayNumber, dayString } from '../market-rules/calendar-days.logic.js';

/*
 * How an underlying's options were listed on a past day, for a backtest: which expiries, which lot, which strike
 * step, when a contract expires. NSE's index roots by the dated market rules (domains/market-rules); the sandbox's
 * own 24x7 root by the sandbox's listing, so a backtest can be tried at any hour.
 */

export interface ListedRoot {
  root: string;
  strikeStepPaise: number;
  /** Minutes after IST midnight a contract stops trading on its expiry day (NSE: 15:30). */
  expiryMinuteIst: number;
  /** The next `count` expiries listed on the IST day `day`, today's first when today is one. */
  expiriesOn(day: string, count: number): Expiry[];
  /** Whether the contract expiring on `date` is its month's (Kite names those by month, weeklies by day). */
  isMonthly(date: string): boolean;
  /** The lot a contract expiring on `expiry` carries when traded on `day`. */
  lotOn(expiry: string, day: string): number;
}

/**
 * Strike steps near the money, as NSE lists them (NSE's "strike scheme" pages for index options, read Nov 2026;
 * the same steps the sandbox lists NIFTY and BANKNIFTY with). The wider steps far from the money are not needed:
 * a backtest's chain is the strikes around the price.
 */
const INDEX_STRIKE_STEPS_PAISE: Readonly<Record<IndexRoot, number>> = {
  NIFTY: 5_000,
  BANKNIFTY: 10_000,
  FINNIFTY: 5_000,
  MIDCPNIFTY: 2_500,
};

/** NSE index options stop trading at 15:30 IST on their expiry day. */
const NSE_EXPIRY_MINUTE = 15 * 60 + 30;

const isIndexRoot = (root: string): root is IndexRoot => (INDEX_ROOTS as readonly string[]).includes(root);

function indexRoot(root: IndexRoot, holidays: ReadonlyArray<{ date: string }>): ListedRoot {
  let known: { from: string; until: string; expiries: Expiry[] } | null = null;
  return {
    root,
    strikeStepPaise: INDEX_STRIKE_STEPS_PAISE[root],
    expiryMinuteIst: NSE_EXPIRY_MINUTE,
    expiriesOn(day, count) {
      // Read a year at a time: a backtest asks every day of its range. Monthly contracts are a month apart, so
      // 100 days ahead of the day asked always hold `count` ≤ 3 of them.
      if (!known || day < known.from || dayNumber(day) + 100 > dayNumber(known.until)) {
        const until = dayString(dayNumber(day) + 400);
        known = {
          from: day,
          until,
          expiries: expiriesBetween(root, day, until, holidays).map((e) => ({
            date: e.date,
            isMonthly: e.kind === 'monthly',
          })),
        };
      }
      return known.expiries.filter((e) => e.date >= day).slice(0, count);
    },
    isMonthly: (date) => expiriesBetween(root, date, date, holidays)[0]?.kind === 'monthly',
    lotOn: (expiry, day) => lotSizeOn(root, expiry, day),
  };
}

/** How `root` was listed, or null when the console knows no listing rules for it. */
export function listedRoot(root: string, holidays: ReadonlyArray<{ date: string }>): ListedRoot | null {
  if (isIndexRoot(root)) return indexRoot(root, holidays);
  const spec = OPTION_ROOTS.find((r) => r.root === root && r.session === undefined);
  if (!spec) return null;
  return {
    root,
    strikeStepPaise: spec.strikeStepPaise,
    expiryMinuteIst: spec.expiryMinuteIst,
    expiriesOn: (day, count) => listedExpiries(spec, Date.parse(`${day}T00:00:00+05:30`), count),
    isMonthly: (date) => expiryOn(spec, date)?.isMonthly ?? false,
    lotOn: () => spec.lotSize,
  };
}
