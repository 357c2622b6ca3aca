/**
 * Charges' arithmetic (docs/LEDGER.md): the date-effective schedule, exact rate application and rounding, and
 * what one order would cost on a contract note of its own. The figures the ledger shows come from a day's
 * whole contract note (contract-note.logic.ts), which aggregates STT per contract and the rest per note, so a
 * single order's charges here are only an estimate of its part. Pure and exact: BigInt paise times integer
 * fractions. Paper and live fills are charged alike, at the brokerage of the broker whose account they are on
 * (brokers/broker-registry.ts `brokerageFor`; Zerodha's when none is said).
 */
import { IST_OFFSET_MS } from '@app/contract';
import { brokerageFor } from '../brokers/broker-registry.js';
import { NOTE_ROUNDING, OPTION_CHARGE_SCHEDULES, addRates } from './charge-rates.js';
import type { BrokerageSchedule, ChargeSchedule, Rate, StatutorySchedule } from './charges.types.js';

export interface Charges {
  brokeragePaise: number;
  sttPaise: number;
  /** NSE transaction charges with IPFT, as the contract note's "Exchange transaction charges" line. */
  exchangePaise: number;
  sebiPaise: number;
  stampPaise: number;
  gstPaise: number;
  totalPaise: number;
}

export const NO_CHARGES: Charges = Object.freeze({
  brokeragePaise: 0,
  sttPaise: 0,
  exchangePaise: 0,
  sebiPaise: 0,
  stampPaise: 0,
  gstPaise: 0,
  totalPaise: 0,
});

/** The instant the IST day `from` (YYYY-MM-DD) begins. */
const startOf = (from: string) => Date.parse(`${from}T00:00:00Z`) - IST_OFFSET_MS;

/** Of dated entries (oldest first), the one in force on the IST day of `at`; the first for anything older. */
function inForce<T extends { from: string }>(dated: readonly T[], at: number): T {
  let found = dated[0];
  if (found === undefined) throw new Error('no dated schedule');
  for (const entry of dated) if (at >= startOf(entry.from)) found = entry;
  return found;
}

/**
 * The rates in force on the IST day of `at` at a broker charging `brokerage` (the first registered broker's
 * when not given): the statutory schedule of that day with the broker's brokerage of that day. Its `from` is
 * the later of the two starts, the first day these rates together apply.
 */
export function scheduleAt(at: number, brokerage: readonly BrokerageSchedule[] = brokerageFor(null)): ChargeSchedule {
  const statutory = inForce(OPTION_CHARGE_SCHEDULES, at);
  const broker = inForce(brokerage, at);
  return {
    ...statutory,
    from: broker.from > statutory.from ? broker.from : statutory.from,
    brokeragePerOrderPaise: broker.perOrderPaise,
  };
}

/** NSE transaction charges and IPFT together: one line on the contract note. */
export const exchangeRate = (s: StatutorySchedule): Rate => addRates(s.exchange, s.ipft);

/** n / d for n ≥ 0, d > 0, rounded half up. */
const divideHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** amount × rate in paise, rounded half up to `unit` paise (1n for the paisa, 100n for the rupee). */
export function applyRate(amountPaise: bigint, rate: Rate, unit: bigint): bigint {
  return divideHalfUp(amountPaise * rate.numerator, rate.denominator * unit) * unit;
}

/** The six components of a note or a share of one, exact paise. */
export interface ChargeParts {
  brokerage: bigint;
  stt: bigint;
  exchange: bigint;
  sebi: bigint;
  stamp: bigint;
  gst: bigint;
}

/** Each line of a note as its part (`ChargeParts`) and its field of `Charges`, in the note's order. */
export const CHARGE_LINES: ReadonlyArray<[keyof ChargeParts, keyof Charges]> = [
  ['brokerage', 'brokeragePaise'],
  ['stt', 'sttPaise'],
  ['exchange', 'exchangePaise'],
  ['sebi', 'sebiPaise'],
  ['stamp', 'stampPaise'],
  ['gst', 'gstPaise'],
];

export const NO_PARTS: ChargeParts = Object.freeze({
  brokerage: 0n,
  stt: 0n,
  exchange: 0n,
  sebi: 0n,
  stamp: 0n,
  gst: 0n,
});

/** Parts as Charges in safe-integer paise, the total their sum. */
export function chargesOf(p: ChargeParts): Charges {
  return {
    brokeragePaise: Number(p.brokerage),
    sttPaise: Number(p.stt),
    exchangePaise: Number(p.exchange),
    sebiPaise: Number(p.sebi),
    stampPaise: Number(p.stamp),
    gstPaise: Number(p.gst),
    totalPaise: Number(p.brokerage + p.stt + p.exchange + p.sebi + p.stamp + p.gst),
  };
}

/**
 * One order alone on a contract note (quantity > 0 sold, < 0 bought, price in paise): an estimate, since the
 * day's note rounds STT per contract and the rest over all its orders. Quantity 0 is no order and costs
 * nothing; price 0 still pays brokerage (its broker's). A settlement at expiry out of the money costs nothing;
 * in the money it pays brokerage (the broker's close-out order), and a long leg exercised pays STT on its
 * intrinsic value.
 */
export function chargesForFill(fill: {
  quantity: number;
  pricePaise: number;
  at: number;
  kind?: string;
  /** The `brokers.kind` of its account; absent or null: the first registered broker's brokerage. */
  brokerKind?: string | null | undefined;
}): Charges {
  if (fill.quantity === 0) return NO_CHARGES;
  const rates = scheduleAt(fill.at, brokerageFor(fill.brokerKind));
  // A premium is never negative; the absolute value keeps a bad row from producing negative charges.
  const value = BigInt(Math.abs(fill.quantity)) * BigInt(Math.abs(fill.pricePaise));
  const isSell = fill.quantity > 0;
  if (fill.kind === 'settlement') {
    if (value === 0n) return NO_CHARGES;
    const brokerage = BigInt(rates.brokeragePerOrderPaise);
    const stt = isSell ? applyRate(value, rates.exerciseStt, NOTE_ROUNDING.sttPaise) : 0n;
    const gst = applyRate(brokerage, rates.gst, NOTE_ROUNDING.otherPaise);
    return chargesOf({ ...NO_PARTS, brokerage, stt, gst });
  }
  const brokerage = BigInt(rates.brokeragePerOrderPaise);
  const stt = isSell ? applyRate(value, rates.stt, NOTE_ROUNDING.sttPaise) : 0n;
  const exchange = applyRate(value, exchangeRate(rates), NOTE_ROUNDING.otherPaise);
  const sebi = applyRate(value, rates.sebi, NOTE_ROUNDING.otherPaise);
  const stamp = isSell ? 0n : applyRate(value, rates.stamp, NOTE_ROUNDING.stampPaise);
  const gst = applyRate(brokerage + exchange + sebi, rates.gst, NOTE_ROUNDING.otherPaise);
  return chargesOf({ brokerage, stt, exchange, sebi, stamp, gst });
}

/** Component-wise sum; NO_CHARGES for an empty list. */
export function sumCharges(list: readonly Charges[]): Charges {
  const sum = { ...NO_CHARGES };
  for (const c of list) {
    sum.brokeragePaise += c.brokeragePaise;
    sum.sttPaise += c.sttPaise;
    sum.exchangePaise += c.exchangePaise;
    sum.sebiPaise += c.sebiPaise;
    sum.stampPaise += c.stampPaise;
    sum.gstPaise += c.gstPaise;
    sum.totalPaise += c.totalPaise;
  }
  return sum;
}
