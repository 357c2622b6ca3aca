/**
 * `npm run ledger:check` (issue 28): one broker account's day as the console booked it beside the same day as
 * the broker booked it (its trades), contract by contract and component by component. Quantities and position
 * values compare the trades themselves; charges compare the console's contract note for the day with the same
 * note computed from the broker's trades (contract-note.logic.ts, at the rates of that day). Pure and exact:
 * integer paise, the note's own arithmetic.
 */
import { IST_OFFSET_MS, istDay } from '@app/contract';
import { NOTE_ROUNDING } from './charge-rates.js';
import { applyRate, CHARGE_LINES, scheduleAt, type Charges } from './charges.logic.js';
import type { BrokerageSchedule } from './charges.types.js';
import { contractNote, type NoteFill } from './contract-note.logic.js';

const DAY_MS = 86_400_000;

/** An IST trading day: its name and the instants it spans, [start, end). */
export interface CheckedDay {
  day: string;
  start: number;
  end: number;
}

/** `YYYY-MM-DD` as an IST day, or null when it is not a calendar date. */
export function checkedDay(day: string): CheckedDay | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
  if (!Number.isFinite(start) || istDay(start) !== day) return null;
  return { day, start, end: start + DAY_MS };
}

/** One trade as the broker lists it (Kite `GET /trades`): one order, one price. */
export interface BrokerTrade {
  tradeId: string;
  orderId: string;
  tradingSymbol: string;
  side: 'BUY' | 'SELL';
  /** Units, > 0. */
  quantity: number;
  pricePaise: number;
  at: number;
}

/** One live fill as the console booked it (a `transactions` row). */
export interface BookedFill {
  tradingSymbol: string;
  /** > 0 sold, < 0 bought (the ledger's sign). */
  quantity: number;
  pricePaise: number;
  at: number;
  kind: 'trade' | 'settlement';
  /** The console's order it filled: an order's fills pay one brokerage. Null: an order of its own. */
  orderId: number | null;
}

/** What is compared: per contract, units and value; per contract and per note, the charges. */
export type Component =
  'bought' | 'sold' | 'value' | 'stt' | 'brokerage' | 'exchange' | 'sebi' | 'stamp' | 'gst' | 'total';

/** Units for bought and sold, paise for the rest. */
export const isUnits = (c: Component) => c === 'bought' || c === 'sold';

export interface Difference {
  /** The trading symbol; null for a line of the day's contract note as a whole. */
  contract: string | null;
  component: Component;
  console: number;
  broker: number;
}

export interface DayComparison {
  differences: Difference[];
  consoleTrades: number;
  brokerTrades: number;
  contracts: number;
  consoleNote: Charges;
  brokerNote: Charges;
  /** Expiry settlements are no trades at the broker: both notes carry the console's (counted here). */
  settlements: number;
}

/** A contract's day: units bought and sold, value (sales minus purchases, as Kite's position `value`), sales. */
interface ContractDay {
  bought: number;
  sold: number;
  value: number;
  soldValue: number;
}

const EMPTY_DAY: ContractDay = { bought: 0, sold: 0, value: 0, soldValue: 0 };

/** Signed units (> 0 sold) at a price, added to a contract's day. */
function addTrade(days: Map<string, ContractDay>, symbol: string, signedUnits: number, pricePaise: number) {
  const day = { ...(days.get(symbol) ?? EMPTY_DAY) };
  const amount = Math.abs(signedUnits) * pricePaise;
  if (signedUnits > 0) {
    day.sold += signedUnits;
    day.soldValue += amount;
    day.value += amount;
  } else {
    day.bought -= signedUnits;
    day.value -= amount;
  }
  days.set(symbol, day);
}

/** The broker's trades as the note's fills: a trade sold is > 0; its order numbered in order of first sight. */
export function brokerNoteFills(trades: readonly BrokerTrade[]): NoteFill[] {
  const orderNumbers = new Map<string, number>();
  return trades.map((t) => {
    if (!orderNumbers.has(t.orderId)) orderNumbers.set(t.orderId, orderNumbers.size + 1);
    return {
      owner: 'broker',
      tradingSymbol: t.tradingSymbol,
      quantity: t.side === 'SELL' ? t.quantity : -t.quantity,
      pricePaise: t.pricePaise,
      at: t.at,
      kind: 'trade',
      orderId: orderNumbers.get(t.orderId)!,
    };
  });
}

const bookedNoteFill = (f: BookedFill): NoteFill => ({ ...f, owner: 'console' });

const NOTE_LINES: ReadonlyArray<[Component, keyof Charges]> = [...CHARGE_LINES, ['total', 'totalPaise']];

/** Per contract: units, value and the STT on its sales (NSE's per-contract aggregate), where they differ. */
function contractDifferences(
  booked: Map<string, ContractDay>,
  broker: Map<string, ContractDay>,
  dayStart: number,
): Difference[] {
  // STT is statutory: the same at any broker, so the schedule's brokerage does not matter here.
  const sttRate = scheduleAt(dayStart).stt;
  const stt = (d: ContractDay) => Number(applyRate(BigInt(d.soldValue), sttRate, NOTE_ROUNDING.sttPaise));
  const out: Difference[] = [];
  for (const contract of [...new Set([...booked.keys(), ...broker.keys()])].sort()) {
    const mine = booked.get(contract) ?? EMPTY_DAY;
    const theirs = broker.get(contract) ?? EMPTY_DAY;
    const pairs: Array<[Component, number, number]> = [
      ['bought', mine.bought, theirs.bought],
      ['sold', mine.sold, theirs.sold],
      ['value', mine.value, theirs.value],
      ['stt', stt(mine), stt(theirs)],
    ];
    for (const [component, c, b] of pairs) if (c !== b) out.push({ contract, component, console: c, broker: b });
  }
  return out;
}

/**
 * One account's day: the console's live fills of the day (trades and expiry settlements) beside the broker's
 * trades of the day. Settlements are not trades at the broker (Kite lists none), so the broker's note takes
 * the console's: they add their charges to both notes alike, and the comparison is of the trades.
 */
export function compareDay(
  booked: readonly BookedFill[],
  trades: readonly BrokerTrade[],
  dayStart: number,
  /** The account's broker's brokerage (brokers/broker-registry.ts `brokerageFor`); the first broker's if absent. */
  brokerage?: readonly BrokerageSchedule[],
): DayComparison {
  const mine = new Map<string, ContractDay>();
  const theirs = new Map<string, ContractDay>();
  const settlements = booked.filter((f) => f.kind === 'settlement');
  const bookedTrades = booked.filter((f) => f.kind !== 'settlement');
  for (const f of bookedTrades) addTrade(mine, f.tradingSymbol, f.quantity, f.pricePaise);
  for (const t of trades) addTrade(theirs, t.tradingSymbol, t.side === 'SELL' ? t.quantity : -t.quantity, t.pricePaise);
  const schedule = scheduleAt(dayStart, brokerage);
  const consoleNote = contractNote(booked.map(bookedNoteFill), schedule).charges;
  const brokerNote = contractNote([...brokerNoteFills(trades), ...settlements.map(bookedNoteFill)], schedule).charges;
  const differences = contractDifferences(mine, theirs, dayStart);
  for (const [component, key] of NOTE_LINES) {
    if (consoleNote[key] !== brokerNote[key]) {
      differences.push({ contract: null, component, console: consoleNote[key], broker: brokerNote[key] });
    }
  }
  return {
    differences,
    consoleTrades: bookedTrades.length,
    brokerTrades: trades.length,
    contracts: new Set([...mine.keys(), ...theirs.keys()]).size,
    consoleNote,
    brokerNote,
    settlements: settlements.length,
  };
}
