import { describe, expect, it } from 'vitest';
import {
  assumptionText,
  drawdownCurve,
  equityCurve,
  maxDrawdownOf,
  missingPricesText,
  newestFirst,
  ordersText,
  pageOf,
  rangeText,
  rdxSettingsOf,
  reasonText,
  runName,
  settingsText,
  sourceText,
  statusText,
  winRateText,
  withProgress,
} from './backtest-display';
import { backtestRun } from './lab-fixture';

describe('a run in words', () => {
  it('says its status, with how far a running one has got', () => {
    expect(statusText({ status: 'queued', progress: 0 })).toBe('Queued');
    expect(statusText({ status: 'running', progress: 0.456 })).toBe('Running 45%');
    expect(statusText({ status: 'running', progress: 1.2 })).toBe('Running 100%');
    expect(statusText({ status: 'done', progress: 1 })).toBe('Done');
    expect(statusText({ status: 'cancelled', progress: 0.3 })).toBe('Cancelled');
  });

  it('says its range as days, one day alone', () => {
    expect(rangeText({ from: '2026-11-20', to: '2026-11-26' })).toBe('20 Nov 2026 – 26 Nov 2026');
    expect(rangeText({ from: '2026-11-28', to: '2026-11-28' })).toBe('28 Nov 2026');
    expect(rangeText({ from: '2026-11-28T09:15', to: '2026-11-28T15:30' })).toBe('2026-11-28 09:15 – 2026-11-28 15:30');
  });

  it('reads its RDX settings, defaults filling what is missing', () => {
    expect(rdxSettingsOf(backtestRun())).toEqual({ lots: 2, atm: 0, offset: 100, interval: '1m' });
    expect(rdxSettingsOf(backtestRun({ config: {}, interval: '5m' }))).toEqual({
      lots: 1,
      atm: 0,
      offset: 0,
      interval: '5m',
    });
    expect(settingsText(backtestRun())).toBe('2 lots · offset ₹100.00 · 1m candles');
    expect(settingsText(backtestRun({ config: { rdx_lot_count: 1, atm_value: 24000, offset_value: -50 } }))).toBe(
      '1 lot · offset -₹50.00 · ATM ₹24,000.00 · 1m candles',
    );
  });

  it('names where prices came from and what fills it assumed', () => {
    expect(sourceText(backtestRun())).toBe('Model (14% IV)');
    expect(sourceText(backtestRun({ price_source: 'recorded', model_iv: null }))).toBe('Recorded');
    const atVix = backtestRun({ model_iv: null, model_iv_source: 'india_vix' });
    expect(sourceText(atVix)).toBe('Model (India VIX)');
    expect(assumptionText(atVix)).toContain('from the index at India VIX’s last reading at each close;');
    expect(assumptionText(atVix)).toContain('no smile or skew');
    expect(assumptionText(backtestRun())).toBe(
      "Assumed: options priced by Black–Scholes from the index at 14% implied volatility; orders fill at the option's price at the candle's close; no slippage added. A model has one flat volatility: read its P&L as how the strategy trades, not as its edge.",
    );
    expect(assumptionText(backtestRun({ price_source: 'recorded', fill_model: 'paper', slippage_ticks: 2 }))).toBe(
      'Assumed: option prices the console recorded while live sync ran; orders fill at the recorded bids and offers, as paper trading filled them; 2 ticks (₹0.10) of slippage against each fill.',
    );
  });

  it('is named by its label, or by what it tried', () => {
    expect(runName(backtestRun())).toBe('Offset 100');
    expect(runName(backtestRun({ label: null }))).toBe('#7 RDX on SANDBOX 24x7');
    expect(runName(backtestRun({ label: '  ' }))).toBe('#7 RDX on SANDBOX 24x7');
  });

  it('gives a win rate as a percentage, a dash with nothing closed', () => {
    expect(winRateText(0.571)).toBe('57%');
    expect(winRateText(null)).toBe('-');
  });

  it('says missing prices only when some were missing', () => {
    expect(missingPricesText({ count: 0, first: null })).toBeNull();
    expect(missingPricesText({ count: 3, first: '2026-11-27T04:00:00.000Z' })).toBe(
      'Missing prices: at 3 closes (the first at 27 Nov 2026, 09:30:00 IST) a trade was skipped because the source lacked an option price it needed; live trading could have traded there.',
    );
  });

  it('capitalises a fill reason', () => {
    expect(reasonText('expiry settlement')).toBe('Expiry settlement');
    expect(reasonText('')).toBe('-');
  });
});

describe('the runs list', () => {
  it('puts the newest first', () => {
    const runs = [
      backtestRun({ id: 1, created_at: '2026-11-28T09:00:00.000Z' }),
      backtestRun({ id: 3, created_at: '2026-11-28T11:00:00.000Z' }),
      backtestRun({ id: 2, created_at: '2026-11-28T11:00:00.000Z' }),
    ];
    expect(newestFirst(runs).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('merges a progress event into its run, and says when the run is not listed', () => {
    const runs = [backtestRun({ id: 1, status: 'queued', progress: 0 }), backtestRun({ id: 2 })];
    const merged = withProgress(runs, { id: 1, status: 'running', progress: 0.4 });
    expect(merged?.map((r) => [r.id, r.status, r.progress])).toEqual([
      [1, 'running', 0.4],
      [2, 'done', 1],
    ]);
    expect(runs[0]?.status).toBe('queued');
    expect(withProgress(runs, { id: 9, status: 'running', progress: 0.1 })).toBeNull();
  });

  it('pages long tables', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 5, 2)).toEqual([]);
  });
});

describe('the equity curve', () => {
  const at = (hhmm: string) => `2026-11-27T${hhmm}:00.000+05:30`;

  it('is in seconds, ascending, one point a second (the later one wins)', () => {
    const curve = equityCurve([
      { time: new Date(at('09:31')).toISOString(), net_pnl: 20 },
      { time: new Date(at('09:30')).toISOString(), net_pnl: 10 },
      { time: new Date(at('09:31')).toISOString(), net_pnl: 25 },
    ]);
    expect(curve).toEqual([
      { time: Date.parse(at('09:30')) / 1000, value: 10 },
      { time: Date.parse(at('09:31')) / 1000, value: 25 },
    ]);
  });

  it('has its drawdown measured from the best so far, starting at zero, as the summary measures it', () => {
    const curve = [100, 250.1, 50, 300, -20.3, 10].map((value, i) => ({ time: i, value }));
    expect(drawdownCurve(curve).map((p) => p.value)).toEqual([0, 0, -200.1, 0, -320.3, -290]);
    expect(maxDrawdownOf(curve)).toBe(320.3);
    // A run that only loses draws down from zero.
    expect(maxDrawdownOf([{ time: 0, value: -5 }])).toBe(5);
    expect(maxDrawdownOf([])).toBe(0);
  });
});

describe('ordersText', () => {
  it('counts the orders, and says how many the order rate held back when any', () => {
    expect(ordersText({ count: 1240, rate_limited: 0 })).toBe('1,240');
    expect(ordersText({ count: 1240, rate_limited: 12 })).toBe("1,240 (12 held back by the broker's order rate)");
    expect(ordersText(undefined)).toBeNull();
  });
});
