import type {
  Backtest,
  BacktestEquity,
  BacktestIvSource,
  BacktestTrade,
  CreateBacktest,
  CreateSweep,
  Sweep,
} from '@app/contract';
import { BACKTEST_MAX_SWEEP_RUNS } from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest } from '../../platform/errors.js';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import { strategyTypeOf } from '../strategies/strategy-registry.js';
import type { AnyStrategyType } from '../strategies/strategy-type.types.js';
import { rangeOf } from './backtest-range.logic.js';
import { toBacktestDto } from './backtests.presenter.js';
import type { BacktestsRepository } from './backtests.repository.js';
import { listedRoot } from './option-roots.logic.js';
import { comboLabel, gridCombinations, gridSize } from './sweep-grid.logic.js';

/** The volatility `model` prices at when the request names none (NIFTY's long-run implied volatility is ~12–16 %). */
export const DEFAULT_MODEL_IV_PERCENT = 14;

/** A configuration checked by its type's schema: its values for the type's columns, or a 400 naming the field. */
export function checkedConfig(type: AnyStrategyType, config: Record<string, unknown>): Record<string, unknown> {
  const schema = type.configSchema as z.ZodObject;
  const known = new Set(Object.keys(schema.shape ?? {}));
  const unknown = Object.keys(config).find((k) => !known.has(k));
  if (unknown !== undefined) {
    throw badRequest(`config.${unknown} is not a setting of ${type.id}`, { field: `config.${unknown}` });
  }
  const parsed = schema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = `config.${issue.path.join('.')}`;
    throw badRequest(`${field}: ${issue.message}`, { field });
  }
  return parsed.data;
}

/**
 * The run's candle interval as a setting, for a type whose configuration holds one (RDX's); none for a type whose
 * settings do not (Multi-leg decides on the run's interval, its mapping's).
 */
function intervalSetting(type: AnyStrategyType, interval: string): { interval?: string } {
  const shape = (type.configSchema as z.ZodObject).shape ?? {};
  return 'interval' in shape ? { interval } : {};
}

/** A run's request, checked against the strategy, the instrument and the history the console holds. */
/** What a run's options are priced at when modelled (`fixed` unless India VIX is asked for); null otherwise. */
const ivSourceOf = (body: CreateBacktest): BacktestIvSource | null =>
  body.price_source === 'model' ? (body.model_iv_source ?? 'fixed') : null;

async function checkedRequest(db: Kysely<DB>, body: CreateBacktest) {
  const strategy = await db.selectFrom('strategies').selectAll().where('id', '=', body.strategy_id).executeTakeFirst();
  const type = strategy ? strategyTypeOf(strategy.name) : null;
  if (!strategy || !type)
    throw badRequest('strategy_id: no strategy type trades this strategy', { field: 'strategy_id' });
  const instrument = await db
    .selectFrom('instruments')
    .selectAll()
    .where('id', '=', body.instrument_id)
    .executeTakeFirst();
  if (!instrument) throw badRequest('instrument_id: no such instrument', { field: 'instrument_id' });
  const refusal = type.cannotTrade({ instrumentToken: instrument.instrumentToken, name: instrument.name });
  if (refusal) throw badRequest(`instrument_id: ${refusal}`, { field: 'instrument_id' });
  const sized = body.lots === undefined ? body.config : type.withLots(body.config, body.lots);
  const config = checkedConfig(type, { ...sized, ...intervalSetting(type, body.interval) });
  const range = rangeOf(body.from, body.to);
  if ('field' in range) throw badRequest(range.message, { field: range.field });
  if (body.fill_model === 'paper' && body.price_source !== 'recorded') {
    throw badRequest('fill_model: paper fills from the quotes the console recorded; choose price_source recorded', {
      field: 'fill_model',
    });
  }
  if (body.model_iv_source !== undefined && body.price_source !== 'model') {
    throw badRequest('model_iv_source: only a run on price_source model is priced at a volatility', {
      field: 'model_iv_source',
    });
  }
  if (body.model_iv_source === 'india_vix' && body.model_iv !== undefined) {
    throw badRequest('model_iv: a run priced at India VIX takes its volatility from it; leave model_iv out', {
      field: 'model_iv',
    });
  }
  const root = instrument.ticker ?? '';
  if (body.price_source === 'model' && !listedRoot(root, [])) {
    throw badRequest(`price_source: the console knows no option listing rules for ${instrument.name} to model`, {
      field: 'price_source',
    });
  }
  return { strategy, type, instrument, config, range };
}

/** The Strategy Lab's runs as their owners (and admins) see them; the worker runs them (backtest.worker.ts). */
export function createBacktestsService(deps: {
  db: Kysely<DB>;
  repo: BacktestsRepository;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  /** Told when a run is queued, so a worker takes it up at once (this console's, or any, through BullMQ). */
  onQueued: (id: number) => void;
  /** Told when a run is cancelled, so a run on this console stops at once. */
  onCancelled: (id: number) => void;
  /** Whether the console holds the history a run needs (backtest-history.ts), or why not (a 400 naming a field). */
  checkHistory: (req: {
    instrument: {
      instrumentToken: string;
      ticker: string | null;
      name: string;
      timezone: string;
      marketOpenTime: string;
    };
    interval: CreateBacktest['interval'];
    fromAt: number;
    toAt: number;
    priceSource: CreateBacktest['price_source'];
    ivSource: BacktestIvSource | null;
  }) => Promise<void>;
}) {
  const { repo } = deps;

  async function reachable(actor: Actor, id: number) {
    return ownedOr404(actor, await repo.one(id), 'Backtest');
  }

  return {
    async create(actor: Actor, body: CreateBacktest): Promise<{ id: number }> {
      const { strategy, instrument, config, range } = await checkedRequest(deps.db, body);
      await deps.checkHistory({
        instrument,
        interval: body.interval,
        fromAt: range.fromAt,
        toAt: range.toAt,
        priceSource: body.price_source,
        ivSource: ivSourceOf(body),
      });
      return { id: await this.queue(actor.userId, body, strategy.id, instrument.id, config, range, null) };
    },

    /** Writes a checked run to the queue and tells its owner; the worker takes it up. */
    async queue(
      userId: number,
      body: CreateBacktest,
      strategyId: number,
      instrumentId: number,
      config: Record<string, unknown>,
      range: { fromAt: number; toAt: number },
      sweepId: number | null,
    ): Promise<number> {
      const now = deps.clock.now();
      const id = await repo.insert({
        userId,
        sweepId,
        label: body.label ?? null,
        strategyId,
        instrumentId,
        config: JSON.stringify(config),
        fromText: body.from,
        toText: body.to,
        fromAt: range.fromAt,
        toAt: range.toAt,
        interval: body.interval,
        priceSource: body.price_source,
        fillModel: body.fill_model,
        slippageTicks: body.slippage_ticks,
        modelIv: ivSourceOf(body) === 'fixed' ? (body.model_iv ?? DEFAULT_MODEL_IV_PERCENT) : null,
        modelIvSource: ivSourceOf(body),
        createdAt: now,
      });
      void deps.events.publish('backtest.progress', { userId, id, status: 'queued', progress: 0 });
      deps.onQueued(id);
      return id;
    },

    /**
     * A sweep: the base request once for each combination of the grid's values of `config` fields (each run
     * checked as a run of its own is), all queued; refused whole when any combination is.
     */
    async createSweep(actor: Actor, body: CreateSweep): Promise<{ id: number; backtest_ids: number[] }> {
      const { base, grid } = body;
      const { strategy, type, instrument, range } = await checkedRequest(deps.db, base);
      const known = new Set(Object.keys((type.configSchema as z.ZodObject).shape ?? {}));
      const unknown = Object.keys(grid).find((field) => !known.has(field));
      if (unknown !== undefined) {
        throw badRequest(`grid.${unknown} is not a setting of ${type.id}`, { field: `grid.${unknown}` });
      }
      const size = gridSize(grid);
      if (size > BACKTEST_MAX_SWEEP_RUNS) {
        throw badRequest(`grid: ${size} runs; a sweep makes at most ${BACKTEST_MAX_SWEEP_RUNS}`, { field: 'grid' });
      }
      const sized = base.lots === undefined ? base.config : type.withLots(base.config, base.lots);
      const runs = gridCombinations(grid).map((combo) => {
        const config = checkedConfig(type, { ...sized, ...intervalSetting(type, base.interval), ...combo });
        const interval = (config.interval ?? base.interval) as CreateBacktest['interval'];
        return { combo, config, interval };
      });
      for (const interval of new Set(runs.map((r) => r.interval))) {
        await deps.checkHistory({
          instrument,
          interval,
          ...range,
          priceSource: base.price_source,
          ivSource: ivSourceOf(base),
        });
      }
      const now = deps.clock.now();
      const sweepId = await repo.insertSweep(actor.userId, JSON.stringify(base), JSON.stringify(grid), now);
      const ids: number[] = [];
      for (const r of runs) {
        const label = `${base.label ? `${base.label}: ` : ''}${comboLabel(r.combo)}`.slice(0, 80);
        const request = { ...base, interval: r.interval, label };
        ids.push(await this.queue(actor.userId, request, strategy.id, instrument.id, r.config, range, sweepId));
      }
      return { id: sweepId, backtest_ids: ids };
    },

    /** A sweep's runs, best first: finished ones by net P&L, highest first; then the others as made. */
    async sweep(actor: Actor, id: number): Promise<Sweep> {
      ownedOr404(actor, await repo.sweep(id), 'Sweep');
      const runs = (await repo.sweepRuns(id)).map(toBacktestDto);
      const net = (r: Backtest) => (r.status === 'done' && r.summary ? r.summary.net_pnl : null);
      runs.sort((a, b) => {
        const [x, y] = [net(a), net(b)];
        if (x !== null && y !== null) return y - x || a.id - b.id;
        if (x !== null) return -1;
        if (y !== null) return 1;
        return a.id - b.id;
      });
      return { id, runs: runs.map((r) => ({ id: r.id, status: r.status, config: r.config, summary: r.summary })) };
    },

    async list(actor: Actor): Promise<Backtest[]> {
      return (await repo.list(actor.role === 'admin' ? null : actor.userId)).map(toBacktestDto);
    },

    async get(actor: Actor, id: number): Promise<Backtest> {
      return toBacktestDto(await reachable(actor, id));
    },

    async trades(actor: Actor, id: number): Promise<BacktestTrade[]> {
      await reachable(actor, id);
      const results = await repo.results(id);
      return results ? (JSON.parse(results.trades) as BacktestTrade[]) : [];
    },

    async equity(actor: Actor, id: number): Promise<BacktestEquity> {
      await reachable(actor, id);
      const results = await repo.results(id);
      return results ? (JSON.parse(results.equity) as BacktestEquity) : { points: [], daily: [] };
    },

    /** Cancels a run still waiting or running (it stops within a second); removes one that has ended. */
    async remove(actor: Actor, id: number): Promise<{ id: number; status: 'cancelled' | 'deleted' }> {
      const run = await reachable(actor, id);
      if (await repo.cancel(id, deps.clock.now())) {
        deps.onCancelled(id);
        void deps.events.publish('backtest.progress', {
          userId: run.userId,
          id,
          status: 'cancelled',
          progress: run.progress,
        });
        return { id, status: 'cancelled' };
      }
      await repo.remove(id);
      return { id, status: 'deleted' };
    },
  };
}

export type BacktestsService = ReturnType<typeof createBacktestsService>;
