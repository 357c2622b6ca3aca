/**
 * What a fill costs in Zerodha's options charges (docs/LEDGER.md), from the date-effective rates in
 * charge-rates.ts. Pure and exact: BigInt paise times integer fractions, rounded once per component per fill
 * the way a contract note rounds it. Paper and live fills are charged alike.
 */
import { IST_OFFSET_MS } from '@app/contract';
import { OPTION_CHARGE_SCHEDULES, type ChargeSchedule, type Rate } from './charge-rates.js';

export interface Charges {
  brokeragePaise: number;
  sttPaise: number;
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

/** Each schedule with the instant its first IST day begins, newest first for the lookup. */
const STARTS = OPTION_CHARGE_SCHEDULES.map((schedule) => ({
  schedule,
  startsAt: Date.parse(`${schedule.from}T00:00:00Z`) - IST_OFFSET_MS,
})).reverse();

/** The schedule in force on the IST day of `at`; the first one for anything older. */
export function scheduleAt(at: number): ChargeSchedule {
  const found = STARTS.find((s) => at >= s.startsAt) ?? STARTS[STARTS.length - 1]!;
  return found.schedule;
}

/** n / d for n ≥ 0, d > 0, rounded half up. */
const divideHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** amount × rate in paise, rounded half up to `unit` paise (1 for the paisa, 100 for the rupee). */
function applyRate(amountPaise: bigint, rate: Rate, unit: bigint = 1n): bigint {
  return divideHalfUp(amountPaise * rate.numerator, rate.denominator * unit) * unit;
}

/**
 * The charges of one executed order (a fill): quantity > 0 sold, < 0 bought, price in paise. Quantity 0 is no
 * order and costs nothing; price 0 still pays brokerage. A settlement (an option held to expiry) is no order
 * either: no brokerage, and the STT on an exercised option falls on its buyer while the engine only sells
 * options to open, so it costs nothing here (docs/LEDGER.md).
 */
export function chargesForFill(fill: { quantity: number; pricePaise: number; at: number; kind?: string }): Charges {
  if (fill.quantity === 0 || fill.kind === 'settlement') return NO_CHARGES;
  const rates = scheduleAt(fill.at);
  const isSell = fill.quantity > 0;
  // A premium is never negative; the absolute value keeps a bad row from producing negative charges.
  const turnover = BigInt(Math.abs(fill.quantity)) * BigInt(Math.abs(fill.pricePaise));
  const brokerage = BigInt(rates.brokeragePerOrderPaise);
  const stt = isSell ? applyRate(turnover, rates.stt, 100n) : 0n;
  const exchange = applyRate(turnover, rates.exchange);
  const sebi = applyRate(turnover, rates.sebi);
  const stamp = isSell ? 0n : applyRate(turnover, rates.stamp);
  const gst = applyRate(brokerage + exchange + sebi, rates.gst);
  return {
    brokeragePaise: Number(brokerage),
    sttPaise: Number(stt),
    exchangePaise: Number(exchange),
    sebiPaise: Number(sebi),
    stampPaise: Number(stamp),
    gstPaise: Number(gst),
    totalPaise: Number(brokerage + stt + exchange + sebi + stamp + gst),
  };
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
