import { describe, expect, it } from 'vitest';
import { compareHoldings, driftShapeKey, nextDriftEpisode, type DriftEpisode } from './reconcile.logic.js';

const leg = (tradingSymbol: string, quantity: number) => ({ exchange: 'NFO', tradingSymbol, quantity });

describe('compareHoldings', () => {
  it('agrees when the broker is short what the console sold (Kite counts short as negative)', () => {
    // One NIFTY lot (65 from the January 2026 expiries).
    expect(compareHoldings([leg('NIFTY26D0124600CE', 65)], [leg('NIFTY26D0124600CE', -65)])).toEqual([
      {
        trading_symbol: 'NIFTY26D0124600CE',
        exchange: 'NFO',
        console_quantity: 65,
        broker_quantity: 65,
        drift: 0,
        in_flight: false,
      },
    ]);
  });

  it('lists drifting symbols first: one the broker holds alone, one the console holds more of', () => {
    const rows = compareHoldings(
      [leg('A', 75), leg('A', 75), leg('B', 65)],
      [leg('A', -75), leg('B', -65), leg('C', 25)],
    );
    expect(rows.map((r) => [r.trading_symbol, r.console_quantity, r.broker_quantity, r.drift])).toEqual([
      ['A', 150, 75, 75],
      ['C', 0, -25, 25],
      ['B', 65, 65, 0],
    ]);
  });

  it('shows a symbol with an order in flight as it stands on both sides, in flight and no drift (issue 28)', () => {
    // The broker filled the sell of B; the console has not booked it yet. A still drifts: no order on it.
    const rows = compareHoldings([leg('A', 65)], [leg('B', -65)], new Set(['NFO:B']));
    expect(rows).toEqual([
      { trading_symbol: 'A', exchange: 'NFO', console_quantity: 65, broker_quantity: 0, drift: 65, in_flight: false },
      { trading_symbol: 'B', exchange: 'NFO', console_quantity: 0, broker_quantity: 65, drift: 0, in_flight: true },
    ]);
    // And no drift episode starts on it.
    expect(driftShapeKey(rows.filter((r) => r.in_flight))).toBeNull();
    expect(driftShapeKey(rows)).toBe('NFO:A=65/0');
  });

  it('sums the broker rows of one symbol across products, and drops symbols both sides hold none of', () => {
    expect(compareHoldings([], [leg('A', -75), leg('A', 75)])).toEqual([]);
    expect(compareHoldings([leg('A', 75)], [leg('A', -50), leg('A', -25)])[0]?.drift).toBe(0);
  });
});

/*
 * Issue 27: the reconciliation worker compares every live account each minute. A difference is alerted once
 * when it appears or changes, never again while it stays the same, and again if it returns after clearing.
 */

/** One NIFTY lot (65 from the January 2026 expiries). */
const LOT = 65;
const T0 = Date.parse('2026-11-23T05:00:00Z');

/** The console's two sold legs beside what the broker holds (Kite's sign: short < 0). */
const shape = (brokerCall: number, brokerPut = -LOT) =>
  driftShapeKey(compareHoldings([leg('CE', LOT), leg('PE', LOT)], [leg('CE', brokerCall), leg('PE', brokerPut)]));

/** Runs a day's comparisons through the episodes; returns at which ticks an alert went out. */
function alertsOver(shapes: Array<string | null>): number[] {
  let open: DriftEpisode | null = null;
  const alerted: number[] = [];
  shapes.forEach((key, tick) => {
    const { next, isNew } = nextDriftEpisode(open, key, T0 + tick * 60_000);
    if (isNew) alerted.push(tick);
    open = next;
  });
  return alerted;
}

describe('driftShapeKey', () => {
  it('is null while the account agrees with its broker', () => {
    expect(shape(-LOT)).toBeNull();
    expect(driftShapeKey([])).toBeNull();
  });

  it('keys the same difference alike in any order, and a changed quantity apart', () => {
    const a = { exchange: 'NFO', trading_symbol: 'A', console_quantity: LOT, broker_quantity: 0, drift: LOT };
    const b = { exchange: 'NFO', trading_symbol: 'B', console_quantity: 0, broker_quantity: LOT, drift: -LOT };
    const agreeing = { exchange: 'NFO', trading_symbol: 'C', console_quantity: LOT, broker_quantity: LOT, drift: 0 };
    expect(driftShapeKey([a, b, agreeing])).toBe(driftShapeKey([b, a]));
    expect(driftShapeKey([a, b])).not.toBe(driftShapeKey([{ ...a, broker_quantity: 10 }, b]));
  });
});

describe('nextDriftEpisode', () => {
  it('alerts a leg closed in Kite once, however many minutes it stays so', () => {
    const closed = shape(0);
    expect(alertsOver([null, closed, closed, closed, closed])).toEqual([1]);
  });

  it('alerts again when the difference changes: the second leg closed too', () => {
    expect(alertsOver([shape(0), shape(0), shape(0, 0), shape(0, 0)])).toEqual([0, 2]);
  });

  it('alerts the same difference again after it cleared in between', () => {
    expect(alertsOver([shape(0), shape(0), null, null, shape(0), shape(0)])).toEqual([0, 4]);
  });

  it('keeps the episode (and when it began) while nothing changes; agreement ends it', () => {
    const first = nextDriftEpisode(null, shape(0), T0);
    expect(first).toEqual({ next: { shapeKey: shape(0), since: T0 }, isNew: true });
    const again = nextDriftEpisode(first.next, shape(0), T0 + 60_000);
    expect(again).toEqual({ next: first.next, isNew: false });
    expect(nextDriftEpisode(first.next, null, T0 + 120_000)).toEqual({ next: null, isNew: false });
  });
});
