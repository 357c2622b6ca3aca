import type { DataInterval, Mapping } from '@app/contract';
import { MSG, realignNothingToDo, RUNNING_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { LegRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { INTERVAL_MS, type Candle } from '../market-data/candles.logic.js';
import type { HubKey, MarketDataHub } from '../market-data/hub.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import {
  decideManualRealign,
  decideOnCandle,
  isSamePosition,
  sessionAt,
  type ChainOption,
  type OpenLeg,
  type RdxInputs,
} from '../rdx/rdx.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { Executor, Plan } from './executor.js';
import type { OptionChainService } from './option-chain.service.js';

const WANTED_KEY = 'rdx.wanted';

export const toOpenLeg = (l: LegRow): OpenLeg => ({
  id: l.id,
  optionType: l.optionType,
  tradingSymbol: l.tradingSymbol,
  exchange: l.exchange,
  strikePaise: l.strikePaise,
  expiry: l.expiry,
  quantity: l.quantity,
});

export function inputsFor(
  m: MappingState,
  legs: OpenLeg[],
  pricePaise: number,
  chain: readonly ChainOption[],
  at: number,
): RdxInputs {
  return {
    mapping: {
      ceCount: m.ceCount,
      peCount: m.peCount,
      startTime: m.startTime,
      endTime: m.endTime,
      runningStatus: m.runningStatus,
    },
    config: { lotCount: m.rdxLotCount, atmPaise: m.atmValuePaise, offsetPaise: m.offsetValuePaise },
    instrument: {
      lotSize: m.lotSize,
      hours: {
        marketOpenTime: m.marketOpenTime,
        marketCloseTime: m.marketCloseTime,
        timezone: m.timezone,
        tradingDays: m.tradingDays,
      },
    },
    legs,
    pricePaise,
    chain,
    at,
  };
}

/** Everything an entry decision depends on besides the price, the chain and the time. */
const flatSettingsKey = (m: MappingState) =>
  [
    m.ticker,
    m.ceCount,
    m.peCount,
    m.startTime,
    m.endTime,
    m.runningStatus,
    m.rdxLotCount,
    m.offsetValuePaise,
    m.lotSize,
    m.marketOpenTime,
    m.marketCloseTime,
    m.timezone,
    m.tradingDays,
  ].join('|');

/**
 * The RDX strategy engine (DESIGN §7): subscribes through the market-data hub to candle closes of every
 * running mapping's instrument and interval, decides with the pure rules, and trades through the executor.
 * All its work runs one piece at a time, so a candle close and a manual action never interleave.
 */
export function createEngine(deps: {
  repo: EngineRepository;
  executor: Executor;
  chain: OptionChainService;
  hub: MarketDataHub;
  mappings: MappingsService;
  settings: SettingsRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  let isRunning = false;
  const subscriptions = new Map<string, () => void>();
  /**
   * Why the last candle close could not trade a mapping (no strike listed, no expiry, no quote), so its
   * row can say so; cleared by the next decision that is a trade or an ordinary hold. Per process.
   */
  const problems = new Map<number, string>();
  const ORDINARY_HOLDS = new Set(['not running', 'market closed', 'outside window', 'within threshold']);
  function noteDecision(mappingId: number, decision: ReturnType<typeof decideOnCandle>) {
    if (decision.action === 'hold' && !ORDINARY_HOLDS.has(decision.reason)) {
      problems.set(mappingId, `Cannot trade: ${decision.reason}`);
    } else problems.delete(mappingId);
  }
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  }

  /** Trades the plans; live failures are logged and returned, so manual actions can report them. */
  async function execute(plans: Plan[], at: number): Promise<unknown[]> {
    await deps.executor.executePaper(
      plans.filter((p) => p.mapping.isDummy === 1),
      at,
    );
    const failures: unknown[] = [];
    for (const plan of plans.filter((p) => p.mapping.isDummy !== 1)) {
      try {
        await deps.executor.executeLive(plan, at);
      } catch (err) {
        deps.logger.error({ err, mappingId: plan.mapping.id }, 'live order failed');
        failures.push(err);
      }
    }
    return failures;
  }

  /** A manual action whose broker orders failed reports the broker's reason. */
  const raiseFirst = (failures: unknown[]) => {
    const [first] = failures;
    if (first !== undefined) throw marketDataFailure(first);
  };

  /** Decides and trades every running mapping of one (instrument, interval) on a candle close. */
  async function evaluate(instrumentToken: string, interval: string, pricePaise: number, at: number) {
    const { mappings, legs } = await deps.repo.runningOn(instrumentToken, interval);
    const legsOf = new Map<number, OpenLeg[]>();
    for (const l of legs) legsOf.set(l.mappingId, [...(legsOf.get(l.mappingId) ?? []), toOpenLeg(l)]);
    const chains = new Map<string, readonly ChainOption[]>();
    // Flat mappings with the same settings decide the same entry; many users keep the defaults.
    const flatDecisions = new Map<string, ReturnType<typeof decideOnCandle>>();
    const plans: Plan[] = [];
    for (const m of mappings) {
      const root = m.ticker ?? '';
      if (!chains.has(root)) chains.set(root, await deps.chain.chainFor(root));
      const own = legsOf.get(m.id) ?? [];
      const flatKey = own.length === 0 ? flatSettingsKey(m) : null;
      let decision = flatKey === null ? undefined : flatDecisions.get(flatKey);
      if (!decision) {
        decision = decideOnCandle(inputsFor(m, own, pricePaise, chains.get(root) ?? [], at));
        if (flatKey !== null) flatDecisions.set(flatKey, decision);
      }
      noteDecision(m.id, decision);
      if (decision.action !== 'hold') plans.push({ mapping: m, decision });
    }
    await execute(plans, at);
    return plans.length;
  }

  const onClose = (candle: Candle, key: HubKey, meta: { isGapFill: boolean }) =>
    serial(async () => {
      // A candle recovered after a dropped feed is history: trading on it would act on stale prices.
      if (!isRunning || meta.isGapFill) return;
      const at = candle.ts + INTERVAL_MS[key.interval];
      await evaluate(key.instrumentToken, key.interval, Math.round(candle.close * 100), at);
    }).catch((err: unknown) => deps.logger.error({ err, key }, 'candle evaluation failed'));

  /** Subscribes to exactly the keys running mappings need. */
  async function refresh() {
    if (!isRunning) return;
    const wanted = new Map<string, HubKey>();
    for (const r of await deps.repo.runningKeys()) {
      const key: HubKey = { source: 'kite', instrumentToken: r.instrumentToken, interval: r.interval as DataInterval };
      wanted.set(`${key.instrumentToken}:${key.interval}`, key);
    }
    for (const [name, release] of subscriptions) {
      if (!wanted.has(name)) {
        release();
        subscriptions.delete(name);
      }
    }
    for (const [name, key] of wanted) {
      if (!subscriptions.has(name)) subscriptions.set(name, deps.hub.subscribe(key, onClose));
    }
  }

  async function currentPricePaise(token: string): Promise<number> {
    const live = deps.hub.lastPrice('kite', token);
    if (live !== null) return Math.round(live * 100);
    const quoted = await deps.chain.underlyingPaise(token);
    if (quoted === null) throw badRequest('No price for the instrument');
    return quoted;
  }

  /** Squares off mappings stopped while still holding legs (an exit cut short by a restart). */
  async function squareOffStopped(at: number) {
    for (const id of await deps.repo.stoppedWithOpenLegs()) {
      const state = await deps.repo.one(id);
      if (!state || state.legs.length === 0) continue;
      if (
        !sessionAt(inputsFor(state.mapping, [], 0, [], at).instrument.hours, { startTime: null, endTime: null }, at)
          .isMarketOpen
      )
        continue;
      await execute(
        [
          {
            mapping: state.mapping,
            decision: { action: 'squareOff', close: state.legs.map(toOpenLeg), reason: 'exit' },
          },
        ],
        at,
      );
    }
  }

  return {
    status: () => ({ isRunning }),

    /** The last candle close's reason this mapping could not trade, if any. */
    problemOf: (mappingId: number): string | null => problems.get(mappingId) ?? null,

    /** The executor could not carry out a decision (no quote): remembered until the next decision. */
    noteProblem: (mappingId: number, reason: string) => void problems.set(mappingId, `Cannot trade: ${reason}`),

    async start() {
      isRunning = true;
      await deps.settings.set(WANTED_KEY, true, deps.clock.now());
      await serial(async () => {
        await deps.executor.recoverPending(async (id) => (await deps.repo.one(id))?.mapping ?? null, deps.clock.now());
        await squareOffStopped(deps.clock.now());
      });
      await refresh();
      deps.logger.info({ subscriptions: subscriptions.size }, 'RDX engine started');
      return { isRunning };
    },

    async stop() {
      isRunning = false;
      await deps.settings.set(WANTED_KEY, false, deps.clock.now());
      this.halt();
      deps.logger.info('RDX engine stopped');
      return { isRunning };
    },

    /** Shutdown: release subscriptions but keep the wanted state. */
    halt() {
      isRunning = false;
      for (const release of subscriptions.values()) release();
      subscriptions.clear();
    },

    async resumeIfWanted() {
      if ((await deps.settings.get<boolean>(WANTED_KEY)) === true) await this.start();
    },

    /** Re-reads which keys to follow (after status or config changes). */
    refresh: () => serial(refresh),

    /** For benchmarks and tests: one candle close, as the hub would deliver it. */
    evaluate: (instrumentToken: string, interval: string, pricePaise: number, at: number) =>
      serial(() => evaluate(instrumentToken, interval, pricePaise, at)),

    /**
     * Manual Realign: at once, at the last price, whatever the threshold. When the legs already sit where
     * a realign would put them nothing is traded and the reply says so.
     */
    realign(actor: Actor, id: number): Promise<{ strategy: Mapping; message?: string }> {
      return serial(async () => {
        const row = await deps.mappings.load(actor, id);
        if (row.runningStatus === RUNNING_STATUS.STOPPED) throw conflict(MSG.notRunning);
        const state = await deps.repo.one(id);
        if (!state) throw badRequest('Configure RDX for this strategy first');
        const at = deps.clock.now();
        const chain = await deps.chain.chainFor(state.mapping.ticker ?? '');
        const price = await currentPricePaise(state.mapping.instrumentToken);
        const decision = decideManualRealign(inputsFor(state.mapping, state.legs.map(toOpenLeg), price, chain, at));
        if (decision.action === 'hold') throw conflict(`Cannot realign: ${decision.reason}`);
        if (decision.action === 'realign' && isSamePosition(decision.close, decision.open)) {
          return { strategy: await deps.mappings.get(actor, id), message: realignNothingToDo(decision.atmPaise / 100) };
        }
        raiseFirst(await execute([{ mapping: state.mapping, decision }], at));
        return { strategy: await deps.mappings.get(actor, id) };
      });
    },

    /** Exit: stop the strategy, then buy back every leg. */
    exit(actor: Actor, id: number): Promise<Mapping> {
      return serial(async () => {
        await deps.mappings.load(actor, id);
        const state = await deps.repo.one(id);
        const at = deps.clock.now();
        const legs = state?.legs ?? (await deps.repo.openLegsOf(id));
        if (state && legs.length > 0) {
          const hours = inputsFor(state.mapping, [], 0, [], at).instrument.hours;
          if (!sessionAt(hours, { startTime: null, endTime: null }, at).isMarketOpen) {
            throw conflict('Market is closed; exit when it opens');
          }
        }
        // Stopped first: if the process dies mid-exit, recovery squares off what is left.
        await deps.mappings.setRunningStatus(actor, id, RUNNING_STATUS.STOPPED);
        if (state && legs.length > 0) {
          const mapping = { ...state.mapping, runningStatus: RUNNING_STATUS.STOPPED };
          raiseFirst(
            await execute(
              [{ mapping, decision: { action: 'squareOff', close: legs.map(toOpenLeg), reason: 'exit' } }],
              at,
            ),
          );
        }
        return deps.mappings.get(actor, id);
      });
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
