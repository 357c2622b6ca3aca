import type { Backtest, BacktestSummary, Sweep } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { backtestRun } from './lab-fixture';
import {
  bestFirst,
  fixedSettingsText,
  heatColor,
  heatMapOf,
  HEAT_GAIN,
  HEAT_LOSS,
  HEAT_ZERO,
  liveSweepRuns,
  sweepLabelOf,
  sweepProgressText,
  sweepsOf,
  variedFields,
  type SweepRun,
} from './sweep-display';

const summary = (net: number): BacktestSummary => ({ ...backtestRun().summary!, net_pnl: net });
const config = (offset: number, interval: string) => ({
  rdx_lot_count: 1,
  atm_value: 0,
  offset_value: offset,
  interval,
});

function run(id: number, offset: number, interval: string, net: number | null, status?: SweepRun['status']): SweepRun {
  const s = status ?? (net === null ? 'running' : 'done');
  return {
    id,
    status: s,
    progress: s === 'done' ? 1 : 0.5,
    config: config(offset, interval),
    summary: net === null ? null : summary(net),
  };
}

/** A 3 × 2 sweep of offset × interval, as the API made it (offset first, interval fastest). */
const SIX: SweepRun[] = [
  run(1, 0, '1m', -200),
  run(2, 0, '5m', 300),
  run(3, 100, '1m', 1200),
  run(4, 100, '5m', null),
  run(5, 200, '1m', -800),
  run(6, 200, '5m', null, 'queued'),
];

describe('a sweep best first', () => {
  it('puts finished runs by net P&L, highest first, then the unfinished as made', () => {
    expect(bestFirst(SIX).map((r) => r.id)).toEqual([3, 2, 1, 5, 4, 6]);
    // A tie keeps the older run first.
    expect(bestFirst([run(9, 0, '1m', 50), run(8, 50, '1m', 50)]).map((r) => r.id)).toEqual([8, 9]);
  });

  it('takes each run as the live list has it: a run that just finished moves up', () => {
    const sweep: Sweep = { id: 3, runs: SIX.map(({ progress: _, ...r }) => r) };
    const listed: Backtest[] = [
      backtestRun({ id: 4, status: 'done', progress: 1, summary: summary(5000), sweep_id: 3 }),
      backtestRun({ id: 6, status: 'running', progress: 0.3, summary: null, sweep_id: 3 }),
    ];
    const live = liveSweepRuns(sweep, listed);
    expect(live.map((r) => r.id)).toEqual([4, 3, 2, 1, 5, 6]);
    expect(live.find((r) => r.id === 6)).toMatchObject({ status: 'running', progress: 0.3 });
    // Its settings stay the sweep's.
    expect(live[0]?.config).toEqual(config(100, '5m'));
  });
});

describe('what a sweep varied', () => {
  it('finds the settings whose values differ, RDX’s in grid order', () => {
    expect(variedFields(SIX)).toEqual(['offset_value', 'interval']);
    expect(variedFields([run(1, 0, '1m', 1), run(2, 0, '1m', 2)])).toEqual([]);
  });

  it('says what the sweep held fixed', () => {
    const sample = backtestRun({
      config: { rdx_lot_count: 2, atm_value: 0, offset_value: 100, interval: '5m' },
      interval: '5m',
    });
    expect(fixedSettingsText(sample, ['offset_value', 'interval'])).toBe('2 lots');
    expect(fixedSettingsText(sample, ['rdx_lot_count'])).toBe('offset ₹100.00 · 5m candles');
  });

  it('says how far it has gone', () => {
    expect(sweepProgressText(SIX, ['offset_value', 'interval'])).toBe(
      '6 backtests varying Offset Value and Interval: 4 done, the rest running or queued.',
    );
    expect(sweepProgressText([run(1, 0, '1m', 1), run(2, 50, '1m', null, 'failed')], ['offset_value'])).toBe(
      '2 backtests varying Offset Value: 1 done, 1 failed or cancelled.',
    );
  });
});

describe('the heat map', () => {
  it('lays the runs out rows by the first setting, columns by the second, in reading order', () => {
    const map = heatMapOf([...SIX].reverse(), 'offset_value', 'interval');
    expect(map.rows.map((r) => r.text)).toEqual(['₹0.00', '₹100.00', '₹200.00']);
    expect(map.cols.map((c) => c.text)).toEqual(['1m', '5m']);
    expect(map.cells.map((row) => row.map((c) => c.run?.id))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(map.cells.map((row) => row.map((c) => c.text))).toEqual([
      ['−₹200.00', '+₹300.00'],
      ['+₹1,200.00', 'Running 50%'],
      ['−₹800.00', 'Queued'],
    ]);
    expect(map.largest).toBe(1200);
  });

  it('marks the best finished run, leaves unfinished ones uncoloured and a missing run empty', () => {
    const map = heatMapOf(SIX.slice(0, 5), 'offset_value', 'interval');
    expect(
      map.cells
        .flat()
        .filter((c) => c.isBest)
        .map((c) => c.run?.id),
    ).toEqual([3]);
    expect(map.cells[1]?.[1]?.color).toBeNull();
    expect(map.cells[2]?.[1]).toEqual({ run: null, text: '-', color: null, isBest: false });
  });

  it('orders intervals as the strategy does, not as text', () => {
    const runs = ['1h', '15m', '3m'].map((interval, i) => run(i + 1, i % 2 === 0 ? 0 : 50, interval, 10));
    expect(heatMapOf(runs, 'offset_value', 'interval').cols.map((c) => c.text)).toEqual(['3m', '15m', '1h']);
  });
});

describe('the colour scale', () => {
  const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`;
  it('runs red through the panel’s shade at zero to green, the ends at the largest figure', () => {
    expect(heatColor(0, 1000)).toBe(rgb(HEAT_ZERO));
    expect(heatColor(0.004, 1000)).toBe(rgb(HEAT_ZERO));
    expect(heatColor(1000, 1000)).toBe(rgb(HEAT_GAIN));
    expect(heatColor(-1000, 1000)).toBe(rgb(HEAT_LOSS));
    expect(heatColor(-5000, 1000)).toBe(rgb(HEAT_LOSS));
  });

  it('tints a small gain or loss visibly, and a larger one more', () => {
    const green = (net: number) => Number(/rgb\(\d+, (\d+)/.exec(heatColor(net, 1000))?.[1]);
    const red = (net: number) => Number(/rgb\((\d+)/.exec(heatColor(net, 1000))?.[1]);
    // A quarter of the way at the least, then in proportion.
    expect(heatColor(1, 1000)).toBe('rgb(26, 58, 57)');
    expect(green(250)).toBeLessThan(green(500));
    expect(green(500)).toBeLessThan(green(1000));
    expect(red(-250)).toBeLessThan(red(-500));
    expect(red(-500)).toBeLessThan(red(-1000));
  });
});

describe("the trader's sweeps", () => {
  it('gathers runs by sweep, newest first, with how far each has gone and its best figure', () => {
    const runs = [
      backtestRun({ id: 1, sweep_id: null }),
      backtestRun({
        id: 2,
        sweep_id: 1,
        label: 'Wide: offset_value=0',
        config: config(0, '1m'),
        summary: summary(-50),
      }),
      backtestRun({
        id: 3,
        sweep_id: 1,
        label: 'Wide: offset_value=100',
        config: config(100, '1m'),
        summary: summary(75.5),
      }),
      backtestRun({
        id: 4,
        sweep_id: 2,
        label: 'offset_value=0, interval=1m',
        config: config(0, '1m'),
        status: 'running',
        progress: 0.5,
        summary: null,
      }),
      backtestRun({
        id: 5,
        sweep_id: 2,
        label: 'offset_value=0, interval=5m',
        config: config(0, '5m'),
        status: 'queued',
        progress: 0,
        summary: null,
      }),
    ];
    const sweeps = sweepsOf(runs);
    expect(sweeps.map((s) => s.id)).toEqual([2, 1]);
    expect(sweeps[0]).toMatchObject({
      label: null,
      varied: ['interval'],
      total: 2,
      done: 0,
      isActive: true,
      progress: 0.25,
      bestNet: null,
    });
    expect(sweeps[1]).toMatchObject({
      label: 'Wide',
      varied: ['offset_value'],
      total: 2,
      done: 2,
      isActive: false,
      progress: 1,
      bestNet: 75.5,
    });
  });

  it('reads the sweep’s label off its runs’ labels', () => {
    expect(sweepLabelOf('Wide: offset_value=100, interval=5m')).toBe('Wide');
    expect(sweepLabelOf('RDX: a test: offset_value=100')).toBe('RDX: a test');
    expect(sweepLabelOf('offset_value=100, interval=5m')).toBeNull();
    expect(sweepLabelOf(null)).toBeNull();
  });
});
