import type { Backtest, BacktestSummary } from '@app/contract';
import { iso } from '../../platform/time.js';
import type { BacktestRow } from './backtests.repository.js';

/** A run as the API shows it. */
export function toBacktestDto(r: BacktestRow): Backtest {
  return {
    id: r.id,
    user_id: r.userId,
    label: r.label,
    status: r.status,
    progress: Math.round(r.progress * 1000) / 1000,
    error: r.error,
    strategy_id: r.strategyId,
    strategy_name: r.strategyName,
    instrument_id: r.instrumentId,
    instrument_name: r.instrumentName,
    config: JSON.parse(r.config) as Record<string, unknown>,
    from: r.fromText,
    to: r.toText,
    interval: r.interval as Backtest['interval'],
    price_source: r.priceSource,
    fill_model: r.fillModel,
    slippage_ticks: r.slippageTicks,
    model_iv: r.modelIv,
    model_iv_source: r.modelIvSource,
    summary: r.summary === null ? null : (JSON.parse(r.summary) as BacktestSummary),
    sweep_id: r.sweepId,
    created_at: iso(Number(r.createdAt)),
    finished_at: r.finishedAt === null ? null : iso(Number(r.finishedAt)),
  };
}
