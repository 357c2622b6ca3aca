/**
 * Zerodha's charges on NSE index/stock **options** (docs/LEDGER.md), the one place their rates live.
 *
 * Each schedule applies to fills on or after its `from` date (an IST calendar day) until the next one starts;
 * a fill dated before the first schedule is charged at the first. To follow a change in the published rates,
 * append a schedule with the date it takes effect and where it was read; never edit one that has been used,
 * so past days keep the charges their contract notes showed.
 *
 * Rates are exact fractions (`percent('0.03503')` is 3503 / 10,000,000), never floats. charges.logic.ts applies
 * them per fill on the premium turnover |quantity| × price and rounds as a contract note does:
 * - brokerage is a flat amount per executed order;
 * - exchange transaction charges, SEBI fee and stamp duty: exact, then half-up to the paisa;
 * - STT: exact, then half-up to the whole rupee, per fill;
 * - GST: the rate on (brokerage + exchange + SEBI fee) as already rounded, then half-up to the paisa.
 */

/** numerator / denominator, both non-negative integers. */
export interface Rate {
  numerator: bigint;
  denominator: bigint;
}

/** A percentage written as in the published schedule (`'0.03503'` for 0.03503%), as an exact fraction. */
export function percent(text: string): Rate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a percentage: ${text}`);
  const decimals = match[2] ?? '';
  return { numerator: BigInt(match[1]! + decimals), denominator: 100n * 10n ** BigInt(decimals.length) };
}

export interface ChargeSchedule {
  /** First IST calendar day (YYYY-MM-DD) the schedule applies to. */
  from: string;
  /** Per executed order, whatever its size. */
  brokeragePerOrderPaise: number;
  /** Securities transaction tax on the sell side's premium only. */
  stt: Rate;
  /** NSE transaction charges on the premium, both sides. */
  exchange: Rate;
  /** SEBI turnover fee on the premium, both sides. */
  sebi: Rate;
  /** Stamp duty on the buy side's premium only. */
  stamp: Rate;
  /** GST on brokerage + exchange transaction charges + SEBI fee. */
  gst: Rate;
}

const BROKERAGE_PER_ORDER_PAISE = 2000; // ₹20 flat per executed F&O options order (Zerodha charges page)
const SEBI_FEE = percent('0.0001'); // ₹10 per crore of turnover (Zerodha charges page)
const STAMP_DUTY = percent('0.003'); // ₹300 per crore, buy side (Indian Stamp Act as amended, from 2020-07-01)
const GST = percent('18'); // IGST on services

/** Oldest first; `from` strictly increasing (charges.logic.test.ts checks). */
export const OPTION_CHARGE_SCHEDULES: readonly ChargeSchedule[] = [
  {
    // STT on options premium 0.0625% → 0.1%: Finance (No. 2) Act 2024, effective 2024-10-01.
    // NSE options transaction charges ₹3,503 per crore of premium (0.03503%), uniform for every member:
    // NSE circular of September 2024, following SEBI's circular on MII charges of 2024-07-01, effective 2024-10-01.
    from: '2024-10-01',
    brokeragePerOrderPaise: BROKERAGE_PER_ORDER_PAISE,
    stt: percent('0.1'),
    exchange: percent('0.03503'),
    sebi: SEBI_FEE,
    stamp: STAMP_DUTY,
    gst: GST,
  },
  {
    // STT on options premium 0.1% → 0.15%: Union Budget 2026 (Finance Act 2026), effective 2026-04-01.
    // NSE options transaction charges 0.03553% of premium, as shown on Zerodha's charges page in 2026.
    from: '2026-04-01',
    brokeragePerOrderPaise: BROKERAGE_PER_ORDER_PAISE,
    stt: percent('0.15'),
    exchange: percent('0.03553'),
    sebi: SEBI_FEE,
    stamp: STAMP_DUTY,
    gst: GST,
  },
];
