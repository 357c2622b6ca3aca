/**
 * The statutory and exchange charges on NSE index options (docs/LEDGER.md), the one place their rates and
 * roundings live. They are the same at every broker: STT, stamp duty and GST are set by law, NSE's transaction
 * charges have been uniform for every member since SEBI's MII circular (2024-10-01), and the IPFT levy and SEBI
 * fee are the exchange's and the regulator's. Brokerage, the one part a broker sets, is its adapter's
 * (`rules.brokerage`, brokers/broker-port.ts; Zerodha's in the Kite adapter), joined to these per day in
 * charges.logic.ts `scheduleAt`.
 *
 * Each schedule applies to trading days on or after its `from` date (an IST calendar day) until the next one
 * starts; a day before the first schedule is charged at the first. To follow a change in the published rates,
 * append a schedule with the date it takes effect and where it was read; never edit one that has been used,
 * so past days keep the charges their contract notes showed.
 *
 * Rates are exact fractions (`percent('0.03503')` is 3503 / 10,000,000), never floats. contract-note.logic.ts
 * applies them to a day's contract note (one client, one day) and rounds where NOTE_ROUNDING says.
 */

import type { Rate, StatutorySchedule } from './charges.types.js';

export type { Rate };

/** A percentage written as in the published schedule (`'0.03503'` for 0.03503%), as an exact fraction. */
export function percent(text: string): Rate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a percentage: ${text}`);
  const decimals = match[2] ?? '';
  return { numerator: BigInt(match[1]! + decimals), denominator: 100n * 10n ** BigInt(decimals.length) };
}

/** a + b, exactly. */
export function addRates(a: Rate, b: Rate): Rate {
  return {
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  };
}

/** Paise per unit a note's component is rounded to, half up (docs/LEDGER.md, "Rounding"). */
export const NOTE_ROUNDING = {
  /**
   * STT: to the rupee, once per contract (symbol) per client per day, sales and exercises apart. NSE Clearing
   * computes STT on the day's aggregate per client and contract (its F_STT02 report: "client contract level
   * for sale of contracts" and "… for exercise of contracts"; circular NSE/CMO/0146/2004 sets out the same
   * day-aggregate method for the cash market); Zerodha: "STT/CTT charged will be rounded off to the nearest
   * rupee" (support article on statutory charges).
   */
  sttPaise: 100n,
  /**
   * Stamp duty: to the rupee, once on the day's buy premium of the note. The Indian Stamp Act and the 2019
   * collection rules state a rate and no rounding; Zerodha's brokerage calculator rounds stamp duty to the
   * rupee, and its contract notes for NSE F&O did too (issue 28's audit); Zerodha staff: stamp duty is "per
   * contract note and not per trade" (Trading Q&A). The one constant to change if a note shows paise.
   */
  stampPaise: 100n,
  /** Exchange charges (with IPFT), SEBI fee and GST: to the paisa, once per note (one line each on a note). */
  otherPaise: 1n,
} as const;

// ₹10 per crore of turnover (Zerodha charges page, 2024 to 2026).
const SEBI_FEE = percent('0.0001');
// ₹300 per crore, buy side: Indian Stamp Act 1899 as amended by the Finance Act 2019, collected by the exchange
// under the Indian Stamp (Collection of Stamp-Duty through Stock Exchanges…) Rules 2019, from 2020-07-01.
// None on a cash-settled index option at expiry (Zerodha staff, Trading Q&A, 2020).
const STAMP_DUTY = percent('0.003');
// ₹50 per crore of premium, from 2023-04-01 (NSE circular NSE/FA/56129 of 24 Mar 2023); Zerodha: "levied
// separately but included under exchange transaction charges in the contract note", GST on it (IPFT page).
const IPFT = percent('0.0005');
// IGST 18% on the taxable value of supply (CGST 9% + SGST 9% in Karnataka, the same total).
const GST = percent('18');

/** Oldest first; `from` strictly increasing (charges.logic.test.ts checks). */
export const OPTION_CHARGE_SCHEDULES: readonly StatutorySchedule[] = [
  {
    // STT on options premium 0.0625% → 0.1%: Finance (No. 2) Act 2024, effective 2024-10-01; exercised
    // options 0.125% since 2023-04-01 (Finance Act 2023; NSE's STT page), unchanged by it.
    // NSE options transaction charges ₹35.03 per lakh of premium each side (0.03503%), uniform for every
    // member: NSE circular of 27 Sep 2024, following SEBI's circular on MII charges of 2024-07-01,
    // effective 2024-10-01. With IPFT (0.0005%) the contract note's exchange charges are 0.03553%.
    from: '2024-10-01',
    stt: percent('0.1'),
    exerciseStt: percent('0.125'),
    exchange: percent('0.03503'),
    ipft: IPFT,
    sebi: SEBI_FEE,
    stamp: STAMP_DUTY,
    gst: GST,
  },
  {
    // STT on options premium 0.1% → 0.15% and on exercised options 0.125% → 0.15%: Union Budget 2026
    // (Finance Act 2026), effective 2026-04-01. NSE transaction charges and IPFT unchanged: 0.03553% together,
    // as Zerodha's charges page and brokers' 2026 schedules show it.
    from: '2026-04-01',
    stt: percent('0.15'),
    exerciseStt: percent('0.15'),
    exchange: percent('0.03503'),
    ipft: IPFT,
    sebi: SEBI_FEE,
    stamp: STAMP_DUTY,
    gst: GST,
  },
];
