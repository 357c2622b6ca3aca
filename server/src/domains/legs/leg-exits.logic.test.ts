import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distancePaise,
  exitRulesOf,
  onCandle,
  onPrice,
  startExitState,
  type ExitRules,
  type ExitState,
  type ExitStep,
  type PriceCandle,
} from './leg-exits.logic.js';

/*
 * A leg's exits over a price path: where its levels start, how a trail follows, and the invariants any path keeps
 * (a stop never loosens, a leg exits once, a plain stop never fires short of its distance).
 */

const rules = (over: Partial<ExitRules> = {}): ExitRules => ({
  side: 'SELL',
  stopLoss: null,
  target: null,
  trailing: null,
  ...over,
});

const started = (r: ExitRules, entry: number): ExitState => {
  const state = startExitState(r, entry);
  if ('problem' in state) throw new Error(state.problem);
  return state;
};

/** Feeds prices one by one; the steps in order. */
function run(r: ExitRules, entry: number, prices: readonly number[]): ExitStep[] {
  let state = started(r, entry);
  return prices.map((p) => {
    const step = onPrice(r, entry, state, p);
    state = step.state;
    return step;
  });
}

const candle = (openPaise: number, highPaise: number, lowPaise: number, closePaise: number): PriceCandle => ({
  openPaise,
  highPaise,
  lowPaise,
  closePaise,
});

describe('startExitState', () => {
  it('sets a SELL leg stop above the entry and its target below; a BUY leg the other way', () => {
    const sell = rules({
      stopLoss: { unit: 'percent', hundredths: 2_500 },
      target: { unit: 'points', hundredths: 2_000 },
    });
    expect(started(sell, 10_000)).toEqual({
      stopPaise: 12_500,
      targetPaise: 8_000,
      trailing: { active: false, bestPaise: 10_000 },
      exited: false,
    });
    const buy = rules({
      side: 'BUY',
      stopLoss: { unit: 'percent', hundredths: 3_000 },
      target: { unit: 'premium', hundredths: 15_000 },
    });
    expect(started(buy, 8_000)).toMatchObject({ stopPaise: 5_600, targetPaise: 15_000 });
  });

  it('rounds a percent distance away from the entry, never to nothing', () => {
    expect(distancePaise('percent', 2_500, 5)).toBe(2);
    expect(started(rules({ stopLoss: { unit: 'percent', hundredths: 2_500 } }), 5).stopPaise).toBe(7);
  });

  it('refuses levels on the wrong side of the entry or at zero, which would fire at once or never', () => {
    expect(startExitState(rules({ stopLoss: { unit: 'premium', hundredths: 9_000 } }), 10_000)).toEqual({
      problem: 'stop-loss must be above the entry price and above zero',
    });
    expect(startExitState(rules({ side: 'BUY', stopLoss: { unit: 'points', hundredths: 10_000 } }), 8_000)).toEqual({
      problem: 'stop-loss must be below the entry price and above zero',
    });
    expect(startExitState(rules({ target: { unit: 'points', hundredths: 10_000 } }), 10_000)).toEqual({
      problem: 'target must be below the entry price and above zero',
    });
    expect(startExitState(rules({ side: 'BUY', target: { unit: 'premium', hundredths: 8_000 } }), 8_000)).toEqual({
      problem: 'target must be above the entry price and above zero',
    });
    expect(startExitState(rules(), 0)).toEqual({ problem: 'entry price must be above zero' });
  });
});

describe('onPrice', () => {
  const sellStop = rules({
    stopLoss: { unit: 'percent', hundredths: 2_500 },
    target: { unit: 'percent', hundredths: 5_000 },
  });

  it('exits a SELL leg at the price that reaches its stop, once', () => {
    const steps = run(sellStop, 10_000, [11_000, 12_499, 13_000, 14_000, 5_000]);
    expect(steps.map((s) => s.exit)).toEqual([null, null, { reason: 'stop-loss', atPaise: 13_000 }, null, null]);
    expect(steps[4]!.state).toEqual(steps[2]!.state);
  });

  it('exits at the target when the price falls to it', () => {
    expect(run(sellStop, 10_000, [9_000, 5_000]).map((s) => s.exit)).toEqual([
      null,
      { reason: 'target', atPaise: 5_000 },
    ]);
  });

  it('trails a SELL leg once it has moved in its favour, and never loosens the stop', () => {
    const r = rules({
      stopLoss: { unit: 'percent', hundredths: 2_500 },
      trailing: { unit: 'points', activateAt: 2_000, trailBy: 1_000 },
    });
    const steps = run(r, 10_000, [9_000, 8_000, 8_500, 7_500, 8_400, 8_500]);
    expect(steps.map((s) => s.state.stopPaise)).toEqual([12_500, 9_000, 9_000, 8_500, 8_500, 8_500]);
    expect(steps.map((s) => s.state.trailing.active)).toEqual([false, true, true, true, true, true]);
    expect(steps[5]!.exit).toEqual({ reason: 'trailing-stop', atPaise: 8_500 });
  });

  it('trails a BUY leg by a percent of its entry, with no stop-loss before it activates', () => {
    const r = rules({ side: 'BUY', trailing: { unit: 'percent', activateAt: 2_000, trailBy: 1_000 } });
    const steps = run(r, 10_000, [5_000, 11_900, 12_000, 13_000, 12_000]);
    expect(steps.map((s) => s.state.stopPaise)).toEqual([null, null, 11_000, 12_000, 12_000]);
    expect(steps[4]!.exit).toEqual({ reason: 'trailing-stop', atPaise: 12_000 });
  });
});

describe('onCandle', () => {
  const r = rules({ stopLoss: { unit: 'points', hundredths: 2_000 }, target: { unit: 'points', hundredths: 2_000 } });
  const state = started(r, 10_000); // stop 120, target 80

  it("fills a stop at the stop when the candle's high crosses it, and at the open when it opened beyond", () => {
    expect(onCandle(r, 10_000, state, candle(11_000, 12_100, 10_900, 11_500)).exit).toEqual({
      reason: 'stop-loss',
      atPaise: 12_000,
    });
    expect(onCandle(r, 10_000, state, candle(13_000, 13_500, 11_000, 11_500)).exit).toEqual({
      reason: 'stop-loss',
      atPaise: 13_000,
    });
  });

  it('takes the stop first when the candle spans both stop and target', () => {
    expect(onCandle(r, 10_000, state, candle(10_000, 12_500, 7_500, 9_000)).exit).toEqual({
      reason: 'stop-loss',
      atPaise: 12_000,
    });
  });

  it('fills a target at the target, or at an open already past it', () => {
    expect(onCandle(r, 10_000, state, candle(9_000, 9_500, 7_900, 8_500)).exit).toEqual({
      reason: 'target',
      atPaise: 8_000,
    });
    expect(onCandle(r, 10_000, state, candle(7_000, 7_500, 6_900, 7_200)).exit).toEqual({
      reason: 'target',
      atPaise: 7_000,
    });
  });

  it('exits at a trail its own low tightened when the close came back through it', () => {
    const t = rules({ trailing: { unit: 'points', activateAt: 1_000, trailBy: 500 } });
    const s = started(t, 10_000);
    // Low ₹85 activates the trail at ₹90; the close at ₹95 came after the low, so it crossed ₹90 on the way.
    expect(onCandle(t, 10_000, s, candle(10_000, 10_000, 8_500, 9_500)).exit).toEqual({
      reason: 'trailing-stop',
      atPaise: 9_000,
    });
    const held = onCandle(t, 10_000, s, candle(10_000, 10_000, 8_500, 8_800));
    expect(held.exit).toBeNull();
    expect(held.state).toMatchObject({ stopPaise: 9_000, trailing: { active: true, bestPaise: 8_500 } });
  });
});

const levelArb = (units: readonly ('percent' | 'points')[]) =>
  fc.option(fc.record({ unit: fc.constantFrom(...units), hundredths: fc.integer({ min: 1, max: 9_900 }) }), {
    nil: null,
  });
const rulesArb: fc.Arbitrary<ExitRules> = fc.record({
  side: fc.constantFrom('BUY', 'SELL' as const),
  stopLoss: levelArb(['percent', 'points']),
  target: levelArb(['percent', 'points']),
  trailing: fc.option(
    fc.record({
      unit: fc.constantFrom('percent', 'points' as const),
      activateAt: fc.integer({ min: 1, max: 9_900 }),
      trailBy: fc.integer({ min: 1, max: 9_900 }),
    }),
    { nil: null },
  ),
});
const entryArb = fc.integer({ min: 500, max: 50_000 });
/**
 * A random walk around the entry, in thousandths of the entry a step (±8 %), so stops, targets and trails all get
 * reached; a candle adds wicks of up to 5 % either side. Built from the entry inside the property.
 */
const movesArb = fc.array(fc.integer({ min: -80, max: 80 }), { minLength: 1, maxLength: 60 });
const candleMovesArb = fc.array(
  fc.record({ close: fc.integer({ min: -80, max: 80 }), up: fc.nat(50), down: fc.nat(50) }),
  { minLength: 1, maxLength: 40 },
);
const pricesOf = (entry: number, moves: readonly number[]) => {
  let level = 0;
  return moves.map((m) => Math.max(1, entry + Math.round(((level += m) * entry) / 1_000)));
};
const candlesOf = (entry: number, moves: ReadonlyArray<{ close: number; up: number; down: number }>) => {
  let open = entry;
  return pricesOf(
    entry,
    moves.map((m) => m.close),
  ).map((close, i) => {
    const { up, down } = moves[i]!;
    const high = Math.max(open, close) + Math.round((up * entry) / 1_000);
    const low = Math.max(1, Math.min(open, close) - Math.round((down * entry) / 1_000));
    const c = candle(open, high, low, close);
    open = close;
    return c;
  });
};

/** Runs a path by price or by candle, with the state before each step; null when the levels cannot start. */
function walk(r: ExitRules, entry: number, items: readonly (number | PriceCandle)[]) {
  const start = startExitState(r, entry);
  if ('problem' in start) return null;
  let state = start;
  return items.map((item) => {
    const before = state;
    const step = typeof item === 'number' ? onPrice(r, entry, state, item) : onCandle(r, entry, state, item);
    state = step.state;
    return { before, ...step };
  });
}

describe('exit invariants over any path', () => {
  /** Prices (a tick path) or candles, as the walk takes them. */
  const pathsArb = fc.oneof(
    movesArb.map((m) => (entry: number) => pricesOf(entry, m)),
    candleMovesArb.map((m) => (entry: number) => candlesOf(entry, m)),
  );

  it('reaches every kind of exit on these paths, so the properties below are not vacuous', () => {
    const seen = new Set<string>();
    for (const [r, entry, path] of fc.sample(fc.tuple(rulesArb, entryArb, pathsArb), { numRuns: 300, seed: 33 })) {
      for (const s of walk(r, entry, path(entry)) ?? []) if (s.exit) seen.add(s.exit.reason);
    }
    expect([...seen].sort()).toEqual(['stop-loss', 'target', 'trailing-stop']);
  });

  it('never loosens a stop, and never drops one once set', () => {
    fc.assert(
      fc.property(rulesArb, entryArb, pathsArb, (r, entry, path) => {
        for (const { before, state } of walk(r, entry, path(entry)) ?? []) {
          if (before.stopPaise === null) continue;
          expect(state.stopPaise).not.toBeNull();
          if (r.side === 'SELL') expect(state.stopPaise!).toBeLessThanOrEqual(before.stopPaise);
          else expect(state.stopPaise!).toBeGreaterThanOrEqual(before.stopPaise);
        }
      }),
    );
  });

  it('exits at most once, and changes nothing after', () => {
    fc.assert(
      fc.property(rulesArb, entryArb, pathsArb, (r, entry, path) => {
        const steps = walk(r, entry, path(entry)) ?? [];
        const exits = steps.filter((s) => s.exit !== null);
        expect(exits.length).toBeLessThanOrEqual(1);
        const at = steps.findIndex((s) => s.exit !== null);
        if (at >= 0) for (const s of steps.slice(at + 1)) expect(s.state).toBe(steps[at]!.state);
      }),
    );
  });

  it('fires a plain stop-loss only past entry ± its distance (SELL above, BUY below)', () => {
    fc.assert(
      fc.property(rulesArb, entryArb, pathsArb, (r, entry, path) => {
        const plain = { ...r, trailing: null };
        const exit = (walk(plain, entry, path(entry)) ?? []).find((s) => s.exit?.reason === 'stop-loss')?.exit;
        if (!exit || !plain.stopLoss) return;
        const d = distancePaise(plain.stopLoss.unit as 'percent' | 'points', plain.stopLoss.hundredths, entry);
        if (plain.side === 'SELL') expect(exit.atPaise).toBeGreaterThanOrEqual(entry + d);
        else expect(exit.atPaise).toBeLessThanOrEqual(entry - d);
      }),
    );
  });

  it('fires a trailing stop only after the price moved the activation in its favour', () => {
    fc.assert(
      fc.property(rulesArb, entryArb, pathsArb, (r, entry, path) => {
        const step = (walk(r, entry, path(entry)) ?? []).find((s) => s.exit?.reason === 'trailing-stop');
        if (!step) return;
        const t = r.trailing!;
        const moved = r.side === 'SELL' ? entry - step.state.trailing.bestPaise : step.state.trailing.bestPaise - entry;
        expect(moved).toBeGreaterThanOrEqual(distancePaise(t.unit, t.activateAt, entry));
      }),
    );
  });

  it("fills a candle's exit inside its range", () => {
    fc.assert(
      fc.property(rulesArb, entryArb, candleMovesArb, (r, entry, moves) => {
        const candles = candlesOf(entry, moves);
        (walk(r, entry, candles) ?? []).forEach((s, i) => {
          if (!s.exit) return;
          expect(s.exit.atPaise).toBeGreaterThanOrEqual(candles[i]!.lowPaise);
          expect(s.exit.atPaise).toBeLessThanOrEqual(candles[i]!.highPaise);
        });
      }),
    );
  });
});

describe('exitRulesOf', () => {
  it('holds the contract’s rupees and percents ×100', () => {
    expect(
      exitRulesOf({
        side: 'BUY',
        stop_loss: { unit: 'percent', value: 25.5 },
        target: { unit: 'premium', value: 120.05 },
        trailing: { unit: 'points', activate_at: 20, trail_by: 7.5 },
      }),
    ).toEqual({
      side: 'BUY',
      stopLoss: { unit: 'percent', hundredths: 2_550 },
      target: { unit: 'premium', hundredths: 12_005 },
      trailing: { unit: 'points', activateAt: 2_000, trailBy: 750 },
    });
  });
});
