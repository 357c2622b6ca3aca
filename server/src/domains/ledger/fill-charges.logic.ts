/**
 * Each fill's part of its day's contract note, line by line (issue 32: the transactions CSV a tax preparer
 * reads). A note's lines are shared out to strategies as the positions screens show them (contract-note.logic),
 * then each strategy's share of a line to its own fills, in proportion to what each fill alone would have
 * carried of it. So a strategy's fills add up to its charges on the screens, and a day's fills to its note, to
 * the paisa. Pure and exact.
 */
import type { Charges, ChargeParts } from './charges.logic.js';
import { CHARGE_LINES, chargesOf, scheduleAt } from './charges.logic.js';
import { contractNote, shareOut, type BrokerageByKind, type ClientFill } from './contract-note.logic.js';
import { brokerageFor } from '../brokers/broker-registry.js';
import { istMidnight } from '@app/contract';

/** A fill on a note (`owner`: its strategy's book, `client`: its account), known by its transaction id. */
export interface IdentifiedFill extends ClientFill {
  id: number;
}

/** One fill as an owner of its own: the owner's key, then the fill's id (never inside a book key). */
const fillOwner = (f: IdentifiedFill) => `${f.owner}\u0000${f.id}`;

/** One client-day's fills: each fill's charges, its strategy's shares split among its fills. */
function chargesOfNote(fills: readonly IdentifiedFill[], dayStart: number, brokerage: BrokerageByKind) {
  const schedule = scheduleAt(dayStart, brokerage(fills[0]?.brokerKind));
  const byOwner = contractNote(fills, schedule).shares;
  const byFill = contractNote(
    fills.map((f) => ({ ...f, owner: fillOwner(f) })),
    schedule,
  ).shares;
  const fillsOf = new Map<string, IdentifiedFill[]>();
  for (const f of fills) {
    const list = fillsOf.get(f.owner);
    if (list) list.push(f);
    else fillsOf.set(f.owner, [f]);
  }
  const out = new Map<number, Charges>();
  for (const [owner, own] of fillsOf) {
    const parts = new Map(own.map((f) => [f.id, {} as ChargeParts]));
    for (const [part, field] of CHARGE_LINES) {
      const weights = new Map(own.map((f) => [fillOwner(f), BigInt(byFill.get(fillOwner(f))?.[field] ?? 0)]));
      const shares = shareOut(BigInt(byOwner.get(owner)?.[field] ?? 0), weights);
      for (const f of own) parts.get(f.id)![part] = shares.get(fillOwner(f)) ?? 0n;
    }
    for (const [id, p] of parts) out.set(id, chargesOf(p));
  }
  return out;
}

/**
 * Every fill's charges by component (by transaction id), for whole client-days: a note is every fill of one
 * account on one IST day, so `fills` must hold all of a day's fills of each account they name.
 */
export function chargesPerFill(
  fills: readonly IdentifiedFill[],
  brokerage: BrokerageByKind = brokerageFor,
): Map<number, Charges> {
  const notes = new Map<string, { dayStart: number; fills: IdentifiedFill[] }>();
  for (const f of fills) {
    const dayStart = istMidnight(f.at);
    const key = `${dayStart}|${f.client}`;
    const note = notes.get(key) ?? { dayStart, fills: [] };
    note.fills.push(f);
    notes.set(key, note);
  }
  const out = new Map<number, Charges>();
  for (const note of notes.values()) {
    for (const [id, charges] of chargesOfNote(note.fills, note.dayStart, brokerage)) out.set(id, charges);
  }
  return out;
}
