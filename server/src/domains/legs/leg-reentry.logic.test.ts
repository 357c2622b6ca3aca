import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onPrice, startExitState, type ExitEvent, type ExitRules, type LegSide } from './leg-exits.logic.js';
import {
  afterExit,
  FRESH_RE_ENTRY,
  onCandleWhileOut,
  onPriceWhileOut,
  reEntryRuleOf,
  type ReEntryRule,
  type ReEntryState,
} from './leg-reentry.logic.js';

const stop = (atPaise: number): ExitEvent => ({ reason: 'stop-loss', atPaise });
const sell = { side: 'SELL' as const, firstEntryPaise: 10_000 };
const buy = { side: 'BUY' as const, firstEntryPaise: 10_000 };

describe('afterExit', () => {
  it('re-enters at once at the stop’s price, as many times as allowed', () => {
    const rule: ReEntryRule = { times: 2, when: 'at_once' };
    const first = afterExit(rule, FRESH_RE_ENTRY, stop(12_500));
    expect(first).toEqual({ state: { used: 1, isWaiting: false }, reEnter: { atPaise: 12_500 } });
    const second = afterExit(rule, first.state, { reason: 'trailing-stop', atPaise: 13_000 });
    expect(second.reEnter).toEqual({ atPaise: 13_000 });
    expect(afterExit(rule, second.state, stop(14_000))).toEqual({
      state: { used: 2, isWaiting: false },
      reEnter: null,
    });
  });

  it('never re-enters after a target, nor without a rule', () => {
    const rule: ReEntryRule = { times: 5, when: 'at_entry_price' };
    const waiting = { used: 1, isWaiting: true };
    expect(afterExit(rule, waiting, { reason: 'target', atPaise: 5_000 })).toEqual({
      state: { used: 1, isWaiting: false },
      reEnter: null,
    });
    expect(afterExit(null, FRESH_RE_ENTRY, stop(12_000)).reEnter).toBeNull();
  });

  it('waits for the entry price when asked to', () => {
    const rule: ReEntryRule = { times: 1, when: 'at_entry_price' };
    expect(afterExit(rule, FRESH_RE_ENTRY, stop(12_500))).toEqual({
      state: { used: 0, isWaiting: true },
      reEnter: null,
    });
  });
});

describe('onPriceWhileOut', () => {
  const rule: ReEntryRule = { times: 1, when: 'at_entry_price' };
  const waiting: ReEntryState = { used: 0, isWaiting: true };

  it('re-enters a SELL leg when the price is back at or below its first entry, a BUY leg at or above', () => {
    expect(onPriceWhileOut(rule, waiting, sell, 10_001).reEnter).toBeNull();
    expect(onPriceWhileOut(rule, waiting, sell, 10_000)).toEqual({
      state: { used: 1, isWaiting: false },
      reEnter: { atPaise: 10_000 },
    });
    expect(onPriceWhileOut(rule, waiting, buy, 9_999).reEnter).toBeNull();
    expect(onPriceWhileOut(rule, waiting, buy, 10_200).reEnter).toEqual({ atPaise: 10_200 });
  });

  it('does nothing while not waiting, or with the count used', () => {
    expect(onPriceWhileOut(rule, FRESH_RE_ENTRY, sell, 9_000).reEnter).toBeNull();
    expect(onPriceWhileOut(rule, { used: 1, isWaiting: true }, sell, 9_000).reEnter).toBeNull();
  });

  it('fills a candle at the entry price, or at an open already past it', () => {
    const c = (openPaise: number, lowPaise: number) => ({ openPaise, highPaise: 12_000, lowPaise, closePaise: 11_000 });
    expect(onCandleWhileOut(rule, waiting, sell, c(11_000, 9_500)).reEnter).toEqual({ atPaise: 10_000 });
    expect(onCandleWhileOut(rule, waiting, sell, c(9_800, 9_500)).reEnter).toEqual({ atPaise: 9_800 });
    expect(onCandleWhileOut(rule, waiting, sell, c(11_000, 10_100)).reEnter).toBeNull();
  });
});

describe('reEntryRuleOf', () => {
  it('reads zero re-entries as none', () => {
    expect(reEntryRuleOf({ re_entry: { times: 0, when: 'at_once' } })).toBeNull();
    expect(reEntryRuleOf({ re_entry: null })).toBeNull();
    expect(reEntryRuleOf({ re_entry: { times: 3, when: 'at_once' } })).toEqual({ times: 3, when: 'at_once' });
  });
});

const ruleArb = fc.option(
  fc.record({ times: fc.integer({ min: 1, max: 20 }), when: fc.constantFrom('at_once', 'at_entry_price' as const) }),
  { nil: null },
);

describe('re-entry invariants', () => {
  it('never re-enters more than its count, whatever the exits and prices in between', () => {
    const eventArb = fc.oneof(
      fc.record({
        exit: fc.constantFrom('stop-loss', 'target', 'trailing-stop' as const),
        atPaise: fc.integer({ min: 1, max: 20_000 }),
      }),
      fc.integer({ min: 1, max: 20_000 }),
    );
    fc.assert(
      fc.property(
        ruleArb,
        fc.constantFrom<LegSide>('BUY', 'SELL'),
        fc.array(eventArb, { maxLength: 80 }),
        (rule, side, events) => {
          let state = FRESH_RE_ENTRY;
          let reEntries = 0;
          for (const e of events) {
            const step =
              typeof e === 'number'
                ? onPriceWhileOut(rule, state, { side, firstEntryPaise: 10_000 }, e)
                : afterExit(rule, state, { reason: e.exit, atPaise: e.atPaise });
            if (step.reEnter) reEntries += 1;
            state = step.state;
            expect(state.used).toBeLessThanOrEqual(rule?.times ?? 0);
          }
          expect(reEntries).toBe(state.used);
        },
      ),
    );
  });

  it('over a leg’s whole life, stops at most once per entry and enters at most 1 + times', () => {
    const rulesArb = fc.record({
      side: fc.constantFrom<LegSide>('BUY', 'SELL'),
      stopLoss: fc.record({ unit: fc.constant('percent' as const), hundredths: fc.integer({ min: 500, max: 5_000 }) }),
      target: fc.constant(null),
      trailing: fc.constant(null),
    });
    const pathArb = fc.array(fc.integer({ min: 3_000, max: 17_000 }), { maxLength: 120 });
    fc.assert(
      fc.property(rulesArb, ruleArb, pathArb, (rules: ExitRules, rule, path) => {
        const firstEntryPaise = 10_000;
        let entries = 1;
        let entryPaise = firstEntryPaise;
        let exit = startExitState(rules, entryPaise);
        let out = FRESH_RE_ENTRY;
        let stops = 0;
        for (const price of path) {
          if ('problem' in exit) return;
          let reEnter: { atPaise: number } | null = null;
          if (!exit.exited) {
            const step = onPrice(rules, entryPaise, exit, price);
            exit = step.state;
            if (step.exit) {
              stops += 1;
              ({ state: out, reEnter } = afterExit(rule, out, step.exit));
            }
          } else {
            ({ state: out, reEnter } = onPriceWhileOut(rule, out, { side: rules.side, firstEntryPaise }, price));
          }
          if (reEnter) {
            entries += 1;
            entryPaise = reEnter.atPaise;
            exit = startExitState(rules, entryPaise);
          }
        }
        expect(entries).toBeLessThanOrEqual(1 + (rule?.times ?? 0));
        expect(stops).toBeLessThanOrEqual(entries);
        expect(entries - 1).toBe(out.used);
      }),
    );
  });
});
