/**
 * A day's contract note (docs/LEDGER.md, "Charges"): what the broker bills one client for one IST day of NSE
 * index options, computed as the note computes it: brokerage per executed order, STT per contract on the day's
 * sales (and exercises), exchange charges with IPFT, SEBI fee, stamp duty and GST once over the note, each
 * rounded where NOTE_ROUNDING says. Each line is then shared out to the strategies (owners) whose fills made it,
 * in proportion to their part of its base, so their shares add up to the note to the paisa. Pure and exact.
 */
import { istMidnight } from '@app/contract';
import { brokerageFor } from '../brokers/broker-registry.js';
import { NOTE_ROUNDING } from './charge-rates.js';
import type { BrokerageSchedule, ChargeSchedule, Rate } from './charges.types.js';
import {
  NO_CHARGES,
  NO_PARTS,
  applyRate,
  chargesOf,
  exchangeRate,
  scheduleAt,
  sumCharges,
  type ChargeParts,
  type Charges,
} from './charges.logic.js';

export interface NoteFill {
  /** Whose share of the note this fill adds to (a strategy; any stable key). */
  owner: string;
  tradingSymbol: string;
  /** > 0 sold, < 0 bought. */
  quantity: number;
  pricePaise: number;
  at: number;
  /** A settlement closes a leg at expiry at its intrinsic value; omitted means a trade. */
  kind?: 'trade' | 'settlement';
  /** The broker order it filled: an order's fills (its trades) pay one brokerage. Null: an order of its own. */
  orderId?: number | null;
  /**
   * A paper fill's order among its strategy's (`mappingId`) at its instant: the depth levels one paper order
   * took pay one brokerage, as a live order's trades do. Null or omitted: an order of its own.
   */
  paperOrder?: number | null;
  mappingId?: number | null;
}

/** Which order a fill is part of, for what is charged per order; `i` makes an order of its own. */
function orderKeyOf(f: NoteFill, i: number): string {
  if (f.orderId !== null && f.orderId !== undefined) return `order:${f.orderId}`;
  if (f.paperOrder !== null && f.paperOrder !== undefined) {
    return `paper:${f.mappingId ?? ''}:${f.at}:${f.tradingSymbol}:${f.paperOrder}`;
  }
  return `fill:${i}`;
}

export interface ContractNote {
  charges: Charges;
  /** Each owner's part of every line; they add up to `charges` exactly. Every owner with a fill is here. */
  shares: Map<string, Charges>;
}

/** Amounts by owner. */
type Weights = Map<string, bigint>;

const add = (w: Weights, owner: string, amount: bigint) => w.set(owner, (w.get(owner) ?? 0n) + amount);
const total = (w: Weights) => [...w.values()].reduce((a, b) => a + b, 0n);

/**
 * `amount` shared in proportion to `weights` (largest remainder): each owner gets the floor of its exact share,
 * and the paise left go one each to the largest remainders, ties to the owner named first in sort order, so
 * the shares add up to `amount` whatever order the fills came in.
 */
export function shareOut(amount: bigint, weights: Weights): Weights {
  const out: Weights = new Map();
  const owners = [...weights.keys()].sort();
  const sum = total(weights);
  if (owners.length === 0 || amount === 0n) return out;
  // A line with no base cannot arise (every line is a rate on its base or a per-order amount), but it must
  // not vanish: the first owner carries it.
  if (sum === 0n) return out.set(owners[0]!, amount);
  const remainders: Array<{ owner: string; rest: bigint }> = [];
  let given = 0n;
  for (const owner of owners) {
    const exact = amount * weights.get(owner)!;
    out.set(owner, exact / sum);
    given += exact / sum;
    remainders.push({ owner, rest: exact % sum });
  }
  remainders.sort((a, b) => (a.rest === b.rest ? 0 : a.rest > b.rest ? -1 : 1));
  for (let i = 0; given < amount; i++, given++) add(out, remainders[i]!.owner, 1n);
  return out;
}

/** What a note's lines are computed on, by owner. */
interface Bases {
  owners: Set<string>;
  /** Executed orders: key → the owner whose order it is. */
  orders: Map<string, string>;
  /** Sell premium per contract (symbol). */
  sold: Map<string, Weights>;
  /** Premium bought and sold. */
  turnover: Weights;
  /** Premium bought. */
  bought: Weights;
  /** Per contract settled at expiry. */
  settled: Map<string, SettledContract>;
}

/** A contract settled at expiry: net quantity (> 0: held long), intrinsic value a unit, who held it, who long. */
interface SettledContract {
  net: bigint;
  pricePaise: bigint;
  held: Weights;
  long: Weights;
}

function basesOf(fills: readonly NoteFill[]): Bases {
  const b: Bases = {
    owners: new Set(),
    orders: new Map(),
    sold: new Map(),
    turnover: new Map(),
    bought: new Map(),
    settled: new Map(),
  };
  fills.forEach((f, i) => {
    b.owners.add(f.owner);
    if (f.quantity === 0) return;
    const units = BigInt(Math.abs(f.quantity));
    // A premium is never negative; the absolute value keeps a bad row from producing negative charges.
    const price = BigInt(Math.abs(f.pricePaise));
    if (f.kind === 'settlement') {
      const s: SettledContract = b.settled.get(f.tradingSymbol) ?? {
        net: 0n,
        pricePaise: 0n,
        held: new Map<string, bigint>(),
        long: new Map<string, bigint>(),
      };
      s.net += BigInt(f.quantity);
      if (price > s.pricePaise) s.pricePaise = price;
      add(s.held, f.owner, units);
      if (f.quantity > 0) add(s.long, f.owner, units);
      b.settled.set(f.tradingSymbol, s);
      return;
    }
    const key = orderKeyOf(f, i);
    if (!b.orders.has(key)) b.orders.set(key, f.owner);
    add(b.turnover, f.owner, units * price);
    if (f.quantity > 0) {
      const sold = b.sold.get(f.tradingSymbol) ?? new Map<string, bigint>();
      add(sold, f.owner, units * price);
      b.sold.set(f.tradingSymbol, sold);
    } else add(b.bought, f.owner, units * price);
  });
  return b;
}

/** A line computed on the whole base, rounded once, then shared out by the base. */
const line = (base: Weights, rate: Rate, unit: bigint) => shareOut(applyRate(total(base), rate, unit), base);

function brokerageOf(b: Bases, s: ChargeSchedule): Weights {
  const perOrder = BigInt(s.brokeragePerOrderPaise);
  const out: Weights = new Map();
  for (const owner of b.orders.values()) add(out, owner, perOrder);
  // A contract still held at expiry: in the money, the broker's close-out is one more executed order
  // (Zerodha charges page). The console does not know freeze quantities, so it counts one per contract.
  for (const settled of b.settled.values()) {
    if (settled.net === 0n || settled.pricePaise === 0n) continue;
    for (const [owner, amount] of shareOut(perOrder, settled.held)) add(out, owner, amount);
  }
  return out;
}

function sttOf(b: Bases, s: ChargeSchedule): Weights {
  const out: Weights = new Map();
  // Per contract: the day's sales of one symbol by this client, rounded once (NOTE_ROUNDING.sttPaise).
  for (const sold of b.sold.values()) {
    for (const [owner, amount] of line(sold, s.stt, NOTE_ROUNDING.sttPaise)) add(out, owner, amount);
  }
  // An option held long into expiry in the money is exercised: STT on its intrinsic value, the holder's.
  for (const settled of b.settled.values()) {
    if (settled.net <= 0n || settled.pricePaise === 0n) continue;
    const tax = applyRate(settled.net * settled.pricePaise, s.exerciseStt, NOTE_ROUNDING.sttPaise);
    for (const [owner, amount] of shareOut(tax, settled.long)) add(out, owner, amount);
  }
  return out;
}

/** The note of one client's day: its lines, and each owner's share of them. */
export function contractNote(fills: readonly NoteFill[], schedule: ChargeSchedule): ContractNote {
  const b = basesOf(fills);
  const brokerage = brokerageOf(b, schedule);
  const stt = sttOf(b, schedule);
  const exchange = line(b.turnover, exchangeRate(schedule), NOTE_ROUNDING.otherPaise);
  const sebi = line(b.turnover, schedule.sebi, NOTE_ROUNDING.otherPaise);
  const stamp = line(b.bought, schedule.stamp, NOTE_ROUNDING.stampPaise);
  const taxable: Weights = new Map();
  for (const w of [brokerage, exchange, sebi]) for (const [owner, amount] of w) add(taxable, owner, amount);
  const gst = line(taxable, schedule.gst, NOTE_ROUNDING.otherPaise);
  const shares = new Map<string, Charges>();
  for (const owner of [...b.owners].sort()) {
    const part = (w: Weights) => w.get(owner) ?? 0n;
    shares.set(
      owner,
      chargesOf({
        brokerage: part(brokerage),
        stt: part(stt),
        exchange: part(exchange),
        sebi: part(sebi),
        stamp: part(stamp),
        gst: part(gst),
      }),
    );
  }
  const note: ChargeParts = { ...NO_PARTS };
  for (const [k, w] of Object.entries({ brokerage, stt, exchange, sebi, stamp, gst })) {
    note[k as keyof ChargeParts] = total(w);
  }
  return { charges: chargesOf(note), shares };
}

/** A fill and the contract note it belongs on: one client (a broker account in one mode) per IST day. */
export interface ClientFill extends NoteFill {
  client: string;
  /**
   * The `brokers.kind` of the account the client is (a paper fill: its strategy's account, charged as that
   * broker would charge it); absent or null: no account is known, see `brokerageFor`.
   */
  brokerKind?: string | null | undefined;
}

/** A broker's brokerage by its kind (brokers/broker-registry.ts `brokerageFor`; tests may pass their own). */
export type BrokerageByKind = (kind: string | null | undefined) => readonly BrokerageSchedule[];

export interface DayNote extends ContractNote {
  client: string;
  /** The IST midnight its day starts at. */
  dayStart: number;
}

/**
 * Every client-day's note of the fills, at the rates of its day and its broker: a client is one account, so
 * one broker; its note takes the brokerage of the kind its first fill names.
 */
export function dayNotes(fills: readonly ClientFill[], brokerageOf: BrokerageByKind = brokerageFor): DayNote[] {
  const groups = new Map<
    string,
    { client: string; dayStart: number; brokerKind: string | null | undefined; fills: ClientFill[] }
  >();
  for (const f of fills) {
    const dayStart = istMidnight(f.at);
    const key = `${dayStart}|${f.client}`;
    const group = groups.get(key) ?? { client: f.client, dayStart, brokerKind: f.brokerKind, fills: [] };
    group.fills.push(f);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    client: g.client,
    dayStart: g.dayStart,
    ...contractNote(g.fills, scheduleAt(g.dayStart, brokerageOf(g.brokerKind))),
  }));
}

/** A strategy's charges: all its notes' shares, today's (the IST day of `now`), and whether they are final. */
export interface OwnerCharges {
  all: Charges;
  today: Charges;
  /**
   * False while any of its notes is of a day not yet over: until the day ends another order can change the
   * note's aggregates (a contract's STT, the stamp duty's rupee, the roundings), so its share is an estimate.
   */
  isFinal: boolean;
}

export const NO_OWNER_CHARGES: OwnerCharges = Object.freeze({ all: NO_CHARGES, today: NO_CHARGES, isFinal: true });

const DAY_MS = 86_400_000;

/** Each owner's charges over the notes, as of `now`. */
export function chargesByOwner(notes: readonly DayNote[], now: number): Map<string, OwnerCharges> {
  const todayStart = istMidnight(now);
  const out = new Map<string, { all: Charges[]; today: Charges[]; isFinal: boolean }>();
  for (const note of notes) {
    const isOpen = note.dayStart + DAY_MS > now;
    for (const [owner, share] of note.shares) {
      const entry = out.get(owner) ?? { all: [], today: [], isFinal: true };
      entry.all.push(share);
      if (note.dayStart >= todayStart) entry.today.push(share);
      if (isOpen) entry.isFinal = false;
      out.set(owner, entry);
    }
  }
  return new Map(
    [...out].map(([owner, e]) => [owner, { all: sumCharges(e.all), today: sumCharges(e.today), isFinal: e.isFinal }]),
  );
}
