import type { BacktestFill } from './backtest.types.js';

/*
 * A backtest's equity as it goes: the fills' cash (a sale brings its value in, a buy pays it) and what the legs
 * still open would cost to close at the price of the moment, before charges (they are the contract notes', known
 * per day: backtest-results.logic.ts takes them off). Kept at each close that traded and at the last close of
 * every hour, so a year keeps a few thousand points, not ninety thousand. Integer paise.
 */

export interface EquityPoint {
  at: number;
  /** Cash of the fills so far less the cost of closing what is open, at the moment's prices. */
  grossPaise: number;
}

export interface EquityTracker {
  fill(fill: BacktestFill): void;
  /**
   * A close at `at`: the open legs marked at `priceOf` (a symbol without a price keeps its last mark). Asked at
   * least at each close that traded and at the last close of each hour.
   */
  mark(at: number, priceOf: (tradingSymbol: string) => Promise<number | null>): Promise<void>;
  points(): EquityPoint[];
}

const HOUR_MS = 3_600_000;

export function createEquityTracker(): EquityTracker {
  let cashPaise = 0;
  const open = new Map<string, number>();
  const lastMark = new Map<string, number>();
  const kept: EquityPoint[] = [];
  let pending: EquityPoint | null = null;
  let tradedSinceMark = false;

  return {
    fill(f) {
      cashPaise += f.quantity * f.pricePaise;
      const net = (open.get(f.tradingSymbol) ?? 0) + f.quantity;
      if (net === 0) open.delete(f.tradingSymbol);
      else open.set(f.tradingSymbol, net);
      lastMark.set(f.tradingSymbol, f.pricePaise);
      tradedSinceMark = true;
    },
    async mark(at, priceOf) {
      let closingCost = 0;
      for (const [symbol, net] of open) {
        const price = (await priceOf(symbol)) ?? lastMark.get(symbol) ?? 0;
        lastMark.set(symbol, price);
        closingCost += net * price;
      }
      const point = { at, grossPaise: cashPaise - closingCost };
      if (pending && Math.floor(pending.at / HOUR_MS) !== Math.floor(at / HOUR_MS)) kept.push(pending);
      if (tradedSinceMark) {
        kept.push(point);
        pending = null;
      } else pending = point;
      tradedSinceMark = false;
    },
    points: () => (pending ? [...kept, pending] : [...kept]),
  };
}
