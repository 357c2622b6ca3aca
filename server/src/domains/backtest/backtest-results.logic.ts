import { createHash } from 'node:crypto';
import { istDay } from '@app/contract';
import { dayNotes } from '../ledger/contract-note.logic.js';
import { bookOf } from '../ledger/ledger.logic.js';
import type { EquityPoint } from './backtest-equity.logic.js';
import type { BacktestFill } from './backtest.types.js';

/*
 * A finished backtest's figures, from its fills by the ledger's own arithmetic: charges by the contract notes of
 * each IST day (one paper account, charged as its broker charges), realized P&L first in, first out. Pure,
 * integer paise.
 */

export interface ResultFill extends BacktestFill {
  /** This fill's share of its day's contract note. */
  chargesPaise: number;
  /** What closing part of a position made or lost (first in, first out); 0 for a fill that only opens. */
  realizedPaise: number;
  closes: boolean;
}

export interface BacktestResults {
  fills: ResultFill[];
  points: Array<{ at: number; netPaise: number }>;
  daily: Array<{ day: string; realizedPaise: number; chargesPaise: number; netPaise: number }>;
  summary: {
    trades: number;
    realizedPaise: number;
    chargesPaise: number;
    netPaise: number;
    maxDrawdownPaise: number;
    winRate: number | null;
    days: number;
    resultHash: string;
    orders: OrderCount;
  };
}

export interface OrderCount {
  count: number;
  /** Orders beyond the broker's `perSecond` at one instant: live sends them a second or more later. */
  rateLimited: number;
}

/**
 * The orders behind the fills (one per instant and paper order: a slice is an order), and how many the order
 * rate would hold back. A backtest is one strategy on one account, so all of an instant's orders count
 * against one limit; candle closes are a minute or more apart, so only the per-second limit can bite.
 */
export function ordersOf(fills: readonly BacktestFill[], perSecond: number): OrderCount {
  const byInstant = new Map<number, Set<number>>();
  for (const f of fills) {
    if (f.kind !== 'trade') continue;
    const orders = byInstant.get(f.at) ?? new Set<number>();
    orders.add(f.paperOrder ?? f.id);
    byInstant.set(f.at, orders);
  }
  let count = 0;
  let rateLimited = 0;
  for (const orders of byInstant.values()) {
    count += orders.size;
    rateLimited += Math.max(0, orders.size - perSecond);
  }
  return { count, rateLimited };
}

/** Each fill's share of its day's note: every fill its own owner, so the shares add up to the note. */
function chargesByFill(fills: readonly BacktestFill[]): Map<number, number> {
  const notes = dayNotes(
    fills.map((f) => ({
      owner: String(f.id),
      client: 'paper:backtest',
      tradingSymbol: f.tradingSymbol,
      quantity: f.quantity,
      pricePaise: f.pricePaise,
      at: f.at,
      kind: f.kind,
      orderId: null,
      paperOrder: f.paperOrder ?? null,
    })),
  );
  const out = new Map<number, number>();
  for (const note of notes) for (const [owner, share] of note.shares) out.set(Number(owner), share.totalPaise);
  return out;
}

/** What each fill realized, first in, first out within its symbol (the ledger's book, fill by fill). */
function realizedByFill(fills: readonly BacktestFill[]): Map<number, number> {
  const bySymbol = new Map<string, BacktestFill[]>();
  for (const f of fills) bySymbol.set(f.tradingSymbol, [...(bySymbol.get(f.tradingSymbol) ?? []), f]);
  const out = new Map<number, number>();
  for (const list of bySymbol.values()) {
    let before = 0;
    for (let i = 0; i < list.length; i++) {
      const after = bookOf(list.slice(0, i + 1)).realizedPaise;
      out.set(list[i]!.id, after - before);
      before = after;
    }
  }
  return out;
}

/** The fill's sign against what was open before it: a fill that reduces a position closes (part of) it. */
function closingFills(fills: readonly BacktestFill[]): Set<number> {
  const net = new Map<string, number>();
  const closing = new Set<number>();
  for (const f of fills) {
    const held = net.get(f.tradingSymbol) ?? 0;
    if (held !== 0 && Math.sign(held) !== Math.sign(f.quantity)) closing.add(f.id);
    net.set(f.tradingSymbol, held + f.quantity);
  }
  return closing;
}

export function backtestResults(
  fills: readonly BacktestFill[],
  gross: readonly EquityPoint[],
  days: number,
  perSecond: number,
): BacktestResults {
  const charges = chargesByFill(fills);
  const realized = realizedByFill(fills);
  const closing = closingFills(fills);
  const resultFills: ResultFill[] = fills.map((f) => ({
    ...f,
    chargesPaise: charges.get(f.id) ?? 0,
    realizedPaise: realized.get(f.id) ?? 0,
    closes: closing.has(f.id),
  }));

  // Net equity: each point less the charges of the fills made up to it.
  const points: BacktestResults['points'] = [];
  let charged = 0;
  let next = 0;
  let peak = 0;
  let maxDrawdownPaise = 0;
  for (const p of gross) {
    while (next < resultFills.length && resultFills[next]!.at <= p.at) charged += resultFills[next++]!.chargesPaise;
    const netPaise = p.grossPaise - charged;
    points.push({ at: p.at, netPaise });
    peak = Math.max(peak, netPaise);
    maxDrawdownPaise = Math.max(maxDrawdownPaise, peak - netPaise);
  }
  const chargesPaise = resultFills.reduce((s, f) => s + f.chargesPaise, 0);
  const realizedPaise = resultFills.reduce((s, f) => s + f.realizedPaise, 0);
  const lastGross = gross[gross.length - 1]?.grossPaise ?? 0;
  const netPaise = lastGross - chargesPaise;

  // By IST day: what was realized and charged, and how far net equity moved (Σ days = the run's net).
  const byDay = new Map<string, { realizedPaise: number; chargesPaise: number; lastNet: number }>();
  for (const f of resultFills) {
    const d = byDay.get(istDay(f.at)) ?? { realizedPaise: 0, chargesPaise: 0, lastNet: 0 };
    d.realizedPaise += f.realizedPaise;
    d.chargesPaise += f.chargesPaise;
    byDay.set(istDay(f.at), d);
  }
  for (const p of points) {
    const d = byDay.get(istDay(p.at)) ?? { realizedPaise: 0, chargesPaise: 0, lastNet: 0 };
    d.lastNet = p.netPaise;
    byDay.set(istDay(p.at), d);
  }
  let previousNet = 0;
  const daily = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, d]) => {
      const row = {
        day,
        realizedPaise: d.realizedPaise,
        chargesPaise: d.chargesPaise,
        netPaise: d.lastNet - previousNet,
      };
      previousNet = d.lastNet;
      return row;
    });

  const closed = resultFills.filter((f) => f.closes);
  const winRate = closed.length === 0 ? null : closed.filter((f) => f.realizedPaise > 0).length / closed.length;
  const resultHash = createHash('sha256')
    .update(
      JSON.stringify({
        fills: resultFills.map((f) => [f.at, f.tradingSymbol, f.quantity, f.pricePaise, f.kind]),
        realizedPaise,
        chargesPaise,
        netPaise,
      }),
    )
    .digest('hex');
  return {
    fills: resultFills,
    points,
    daily,
    summary: {
      trades: resultFills.length,
      realizedPaise,
      chargesPaise,
      netPaise,
      maxDrawdownPaise,
      winRate,
      days,
      resultHash,
      orders: ordersOf(fills, perSecond),
    },
  };
}
