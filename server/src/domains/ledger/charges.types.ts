/**
 * The shapes of a contract note's rates (docs/LEDGER.md, "Charges"), broker-neutral: the statutory and
 * exchange parts are the ledger's (charge-rates.ts), the brokerage is the broker's (its adapter's
 * `rules.brokerage`, brokers/broker-port.ts), and a day's ChargeSchedule is the two in force that day together.
 */
import type { BrokerageSchedule } from '../brokers/broker-port.js';

export type { BrokerageSchedule };

/** numerator / denominator, both non-negative integers. */
export interface Rate {
  numerator: bigint;
  denominator: bigint;
}

/**
 * What every broker's note charges alike on NSE index options: taxes, the exchange's and SEBI's fees, set by
 * law and by the exchange, from `from` (an IST calendar day) until the next schedule starts.
 */
export interface StatutorySchedule {
  /** First IST calendar day (YYYY-MM-DD) the schedule applies to. */
  from: string;
  /** STT on the sale of an option: the sell side's premium. */
  stt: Rate;
  /** STT on an option exercised at expiry: its intrinsic value, paid by the holder (the purchaser). */
  exerciseStt: Rate;
  /** NSE transaction charges on the premium, both sides. */
  exchange: Rate;
  /** NSE's Investor Protection Fund Trust levy on the premium, both sides: shown inside exchange charges. */
  ipft: Rate;
  /** SEBI turnover fee on the premium, both sides. */
  sebi: Rate;
  /** Stamp duty on the buy side's premium only. */
  stamp: Rate;
  /** GST on brokerage + exchange transaction charges (with IPFT) + SEBI fee. */
  gst: Rate;
}

/** One day's rates at one broker: the statutory schedule in force, and the broker's brokerage then. */
export interface ChargeSchedule extends StatutorySchedule {
  /** Per executed order, whatever its size; an in-the-money option settled at expiry is one order too. */
  brokeragePerOrderPaise: number;
}
