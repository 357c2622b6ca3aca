/**
 * The risk-free rate the option model discounts at (issue 34, docs/ANALYTICS.md): the RBI's policy repo rate, a
 * dated fact like the charges and lot sizes in market-rules. Each row holds from its day (IST; the MPC's decision
 * takes effect at once) until the next row's. The repo rate is the rate of the overnight money that funds an NSE
 * option position, it changes only on a published decision, and its history is on the RBI's site; the 91-day
 * T-bill yield moves every week's auction and would need a feed.
 *
 * How sure the rows are: the decisions are the RBI Monetary Policy Committee's resolutions, read from press
 * reports of the day (Business Today, 5 Dec 2025; Finnovate and IIFL, 6 Feb 2026) and the RBI's press-release
 * titles, not from the RBI's PDFs, which could not be fetched here. The rate is used as a continuously
 * compounded annual rate as quoted (5.25% → 0.0525); over an index option's weeks the difference from converting
 * it is far below a paisa.
 *
 * To add a decision: append a row (oldest first) with the day it takes effect and the resolution it comes from;
 * never edit a row that has been used. chain-greeks.logic.test.ts checks the order.
 */

export interface RiskFreeRate {
  /** The first IST day, `YYYY-MM-DD`, the rate holds on. */
  from: string;
  /** Annual, in percent. */
  percent: number;
  source: string;
}

export const REPO_RATES: readonly RiskFreeRate[] = [
  {
    from: '2023-02-08',
    percent: 6.5,
    source:
      'RBI policy repo rate 6.50%: MPC resolution of 8 Feb 2023 (Monetary Policy Statement 2022-23, February 6-8)',
  },
  {
    from: '2025-02-07',
    percent: 6.25,
    source:
      'RBI policy repo rate 6.25%: MPC resolution of 7 Feb 2025 (Monetary Policy Statement 2024-25, February 5-7)',
  },
  {
    from: '2025-04-09',
    percent: 6,
    source: 'RBI policy repo rate 6.00%: MPC resolution of 9 Apr 2025 (Monetary Policy Statement 2025-26, April 7-9)',
  },
  {
    from: '2025-06-06',
    percent: 5.5,
    source: 'RBI policy repo rate 5.50%: MPC resolution of 6 Jun 2025 (Monetary Policy Statement 2025-26, June 4-6)',
  },
  {
    from: '2025-12-05',
    percent: 5.25,
    source:
      'RBI policy repo rate 5.25%: MPC resolution of 5 Dec 2025 (Monetary Policy Statement 2025-26, December 3-5); ' +
      'held on 6 Feb 2026 (February 4-6)',
  },
];

/** The repo rate in force on an IST day; the oldest row's before it (the table starts long before any option). */
export function riskFreeRateOn(day: string): RiskFreeRate {
  let found = REPO_RATES[0]!;
  for (const row of REPO_RATES) if (row.from <= day) found = row;
  return found;
}
