import type { Backtest, LegsConfig } from '@app/contract';

/** A finished RDX run on SANDBOX 24x7 for the Lab's tests; `overrides` change what a test is about. */
export function backtestRun(overrides: Partial<Backtest> = {}): Backtest {
  return {
    id: 7,
    user_id: 3,
    label: 'Offset 100',
    status: 'done',
    progress: 1,
    error: null,
    strategy_id: 1,
    strategy_name: 'RDX',
    instrument_id: 4,
    instrument_name: 'SANDBOX 24x7',
    config: { rdx_lot_count: 2, atm_value: 0, offset_value: 100, interval: '1m' },
    from: '2026-11-27',
    to: '2026-11-28',
    interval: '1m',
    price_source: 'model',
    fill_model: 'close',
    slippage_ticks: 0,
    model_iv: 14,
    model_iv_source: 'fixed',
    summary: {
      trades: 12,
      realized_pnl: 1500.5,
      charges: 210.25,
      net_pnl: 1290.25,
      max_drawdown: 400,
      win_rate: 0.5,
      days: 2,
      result_hash: 'abc',
      missing_prices: { count: 0, first: null },
    },
    sweep_id: null,
    created_at: '2026-11-28T10:00:00.000Z',
    finished_at: '2026-11-28T10:00:03.000Z',
    ...overrides,
  };
}

/** The "Short strangle" legs without their stops (as a Multi-leg run stores them, defaults filled in). */
export const STRANGLE: LegsConfig = {
  legs: (['CE', 'PE'] as const).map((option_type) => ({
    option_type,
    side: 'SELL' as const,
    lots: 1,
    expiry: 'current_week' as const,
    strike: { by: 'atm' as const, steps: 2 },
    stop_loss: null,
    target: null,
    trailing: null,
    re_entry: null,
  })),
  entry: { kind: 'time', at: '09:20' },
  exit_at: '15:15',
  max_loss: null,
  target_profit: null,
};
