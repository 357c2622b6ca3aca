import { describe, expect, it } from 'vitest';
import {
  authorLine,
  decisionLine,
  fillQuantityText,
  NO_TRACE_WORDS,
  reasonWords,
  settingsLine,
  strategyLine,
  traceLines,
  traceTitle,
} from './order-trace-words';
import { bookOrderFixture, orderTraceFixture } from './order-trace-fixture';

const entry = orderTraceFixture();
const decision = entry.decision!;

describe("an order's trace in words", () => {
  it('names the order by its broker number, or by the console’s own before the broker gave one', () => {
    expect(traceTitle({ broker_order_id: '250101000000123', id: 12 })).toBe('Trace of order 250101000000123');
    expect(traceTitle({ broker_order_id: null, id: 12 })).toBe('Trace of order #12');
  });

  it("says the strategy type's rules version and algo ID", () => {
    expect(strategyLine({ type: 'RDX', version: 1, algo_id: 'RDX-1' })).toBe('Strategy: RDX rules v1 · algo ID RDX-1');
  });

  it("dates the engine's decision at its candle's close in IST, with the price and ATM in rupees", () => {
    expect(decisionLine(decision, { kind: 'engine', username: null }, 'NIFTY')).toBe(
      'Decided: Entry at the candle closing 10:30 IST (23 Nov 2026) on NIFTY at ₹24,500.00 · ATM ₹24,500.00',
    );
  });

  it("dates a person's realign at its own moment", () => {
    const realign = { ...decision, action: 'realign' as const, at: '2026-11-23T05:12:00.000Z', atm: 24600 };
    expect(decisionLine(realign, { kind: 'user', username: 'asha' }, 'NIFTY')).toBe(
      'Decided: Realign at 10:42 IST (23 Nov 2026) on NIFTY at ₹24,500.00 · ATM ₹24,600.00',
    );
  });

  it("words a square-off's reason and leaves out the price and ATM it did not need", () => {
    const squareOff = { ...decision, action: 'squareOff' as const, reason: 'exit', underlying_price: null, atm: null };
    expect(decisionLine(squareOff, { kind: 'user', username: 'asha' }, null)).toBe(
      "Decided: Square-off (the trader's Exit) at 10:30 IST (23 Nov 2026)",
    );
    expect(decisionLine({ ...squareOff, reason: 'max_loss' }, { kind: 'console', username: null }, 'NIFTY')).toBe(
      'Decided: Square-off (Max Loss reached) at 10:30 IST (23 Nov 2026) on NIFTY',
    );
  });

  it('reads a reason it has no words for with spaces for underscores', () => {
    expect(reasonWords('window end')).toBe("the trading window's end");
    expect(reasonWords('broker_drift')).toBe('broker drift');
  });

  it('names who asked for the order', () => {
    expect(authorLine({ kind: 'engine', username: null })).toBe('By: the engine (candle close)');
    expect(authorLine({ kind: 'user', username: 'asha' })).toBe('By: asha');
    expect(authorLine({ kind: 'console', username: null })).toBe(
      'By: the console (a limit, the kill switch or the chase)',
    );
    expect(authorLine(null)).toBeNull();
  });

  it('lists any settings as key value pairs with their version', () => {
    expect(settingsLine(decision)).toBe(
      'Settings: lotCount 1 · atm 24500 · offset 100 · interval 15m (version 1a2b3c4d5e6f)',
    );
    expect(settingsLine({ config: { legs: [1, 2], note: null, isHedged: true }, config_version: 'abc' })).toBe(
      'Settings: legs [1,2] · note none · isHedged true (version abc)',
    );
    expect(settingsLine({ config: {}, config_version: 'abc' })).toBe('Settings: none (version abc)');
  });

  it('gives the lines in order, or says the order predates traces', () => {
    expect(traceLines(entry)).toEqual([
      'Strategy: RDX rules v1 · algo ID RDX-1',
      'Decided: Entry at the candle closing 10:30 IST (23 Nov 2026) on NIFTY at ₹24,500.00 · ATM ₹24,500.00',
      'By: the engine (candle close)',
      'Settings: lotCount 1 · atm 24500 · offset 100 · interval 15m (version 1a2b3c4d5e6f)',
    ]);
    const old = { order: bookOrderFixture(), strategy: null, decision: null, author: null };
    expect(traceLines(old)).toEqual([NO_TRACE_WORDS]);
  });

  it("says a fill's side from its sign: a sale is positive", () => {
    expect(fillQuantityText(65)).toBe('SELL 65');
    expect(fillQuantityText(-1300)).toBe('BUY 1,300');
  });
});
