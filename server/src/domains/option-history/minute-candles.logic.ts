import { contractKey, type OptionCandle, type OptionContract } from './option-history.types.js';

const MINUTE_MS = 60_000;

/** The candles being built from quotes: one open per contract, and those whose minute a later quote ended. */
export interface MinuteCandles {
  open: Map<string, OptionCandle>;
  closed: OptionCandle[];
}

export const emptyMinuteCandles = (): MinuteCandles => ({ open: new Map(), closed: [] });

/**
 * Folds one last price seen at `at` into its contract's candle of that minute: the first price opens it, each
 * one moves high, low and close. A price of a later minute closes the contract's open candle first; a price
 * older than the open candle's minute (a late reply) is dropped rather than rewrite a minute already shaped.
 */
export function foldPrice(state: MinuteCandles, contract: OptionContract, pricePaise: number, at: number): void {
  if (!(pricePaise > 0)) return;
  const ts = at - (at % MINUTE_MS);
  const key = contractKey(contract);
  const current = state.open.get(key);
  if (current && current.ts > ts) return;
  if (current && current.ts === ts) {
    current.highPaise = Math.max(current.highPaise, pricePaise);
    current.lowPaise = Math.min(current.lowPaise, pricePaise);
    current.closePaise = pricePaise;
    return;
  }
  if (current) state.closed.push(current);
  const { underlying, expiry, strikePaise, optionType } = contract;
  state.open.set(key, {
    underlying,
    expiry,
    strikePaise,
    optionType,
    ts,
    openPaise: pricePaise,
    highPaise: pricePaise,
    lowPaise: pricePaise,
    closePaise: pricePaise,
    volume: null,
    oi: null,
  });
}

/** Takes out every candle whose minute has ended by `now` (to be stored); the minute still running stays. */
export function takeFinished(state: MinuteCandles, now: number): OptionCandle[] {
  const done = state.closed;
  state.closed = [];
  for (const [key, candle] of state.open) {
    if (candle.ts + MINUTE_MS <= now) {
      done.push(candle);
      state.open.delete(key);
    }
  }
  return done;
}
