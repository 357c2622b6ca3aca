import type { StrategyInterval } from '@app/contract';
import { isStrategyInterval, RUNNING_STATUS, toPaise } from '@app/contract';
import { badRequest } from '../../platform/errors.js';
import type { UnderlyingRange } from '../strategies/decision.logic.js';
import { INTERVAL_MS, type Candle } from '../market-data/candles.logic.js';
import { OPTIONS_DATA_SOURCE, type HubKey } from '../market-data/hub.js';
import { createPlanExecution } from './plan-execution.js';
import { sessionAt } from '../instruments/market-hours.logic.js';
import type { Actor } from '../../platform/ownership.js';
import { inputsFor } from './engine.inputs.js';
import { createOptionPrices } from './option-prices.js';
import { createCalendarGate } from './calendar-gate.js';
import { createCandleDecisions } from './candle-decisions.js';
import { createLiveGuards } from './live-guards.js';
import { createTradeProblems } from './trade-problems.js';
import { createSquareOffChase } from './square-off-chase.js';
import { createPaperExit } from './paper-exit.js';
import type { MappingState } from './engine.repository.js';
import { createHandoverCatchUp } from './handover-catch-up.js';
import { createEntryMarginQuote } from './entry-margin.js';
import { createMarginShortTeller } from './margin-shortfall.js';
import { createManualActions } from './manual-actions.js';
import { createHandSettlement } from './hand-settlement.js';
import { createBrokerMatch } from './broker-match.js';
import { createBrokerMatchRepository } from './broker-match.repository.js';
import type { EngineDeps } from './engine.deps.js';
import { createLiveTurns } from './live-turns.js';
import { createLiveClose } from './live-close.js';

/**
 * The strategy engine (DESIGN §7): subscribes through the market-data hub to candle closes of every
 * running mapping's instrument and interval, decides with the pure rules, and trades through the executor.
 * Every decision and trade holds its mappings' locks, so a candle close and a manual action on the same
 * strategy never interleave, while different strategies run side by side.
 */
export function createEngine(deps: EngineDeps) {
  let isRunning = false;
  const subscriptions = new Map<string, () => void>();
  const problems = createTradeProblems(deps);
  const noteProblem = problems.note;
  const marginShorts = createMarginShortTeller(deps.events);
  const shareProblems = problems.share;
  const { locks } = deps;
  const {
    mustWaitForOrders,
    waitForOrdersOrRefuse,
    pauseWhereTokenExpired,
    pauseWhereEgressRefused,
    egressRefusedBeforeFirstOrder,
  } = createLiveGuards(deps);
  const calendar = createCalendarGate(deps.calendar);
  const liveTurns = createLiveTurns();

  const execute = createPlanExecution({
    executor: deps.executor,
    logger: deps.logger,
    noteProblem,
    portfolioRefusal: deps.portfolioRefusal,
    paperCapital: deps.paperCapital,
  });

  const decideAll = createCandleDecisions({
    chain: deps.chain,
    prices: createOptionPrices({ quotes: deps.chain }),
    calendar,
    problems,
    memos: deps.repo,
  });

  /**
   * A candle close for one (instrument, interval). Paper mappings: one lock over all of them, the state
   * read again inside it, fills written in slices (each one transaction). Live mappings: each under its
   * own lock, a few of one account at once and many accounts at once (live-turns.ts); the order governor
   * (order-throttle.ts) keeps each account inside the broker's rate and sends its exits first.
   */
  /** `range`: the high and low of the candle closing (DecideInputs.underlyingRange), when the hub's candle is had. */
  async function evaluate(
    instrumentToken: string,
    interval: StrategyInterval,
    pricePaise: number,
    at: number,
    range?: UnderlyingRange,
  ) {
    const seen = await deps.repo.runningIdsOn(instrumentToken, interval);
    const paperIds = new Set(seen.filter((m) => m.isDummy === 1).map((m) => m.id));
    let traded = 0;
    // Paper that could not be written (a slice the database refused) must not cost the live strategies
    // their close: they trade, and the failure is reported after them.
    let paperFailure: { err: unknown } | null = null;
    if (paperIds.size > 0) {
      try {
        traded += await locks.withMappings([...paperIds], async () => {
          const now = await deps.repo.runningOn(instrumentToken, interval);
          const mappings = now.mappings.filter((m) => paperIds.has(m.id) && m.isDummy === 1);
          const plans = await decideAll(
            mappings,
            now.legs.filter((l) => paperIds.has(l.mappingId)),
            pricePaise,
            at,
            { underlyingRange: range },
          );
          marginShorts.tellClose(mappings, plans, await execute(plans, at), at);
          return plans.length;
        });
      } catch (err) {
        paperFailure = { err };
      } finally {
        await shareProblems();
      }
    }
    const accounts = new Map<number | null, number[]>();
    for (const m of seen.filter((x) => x.isDummy !== 1)) {
      accounts.set(m.userBrokerId, [...(accounts.get(m.userBrokerId) ?? []), m.id]);
    }
    const tradedLive = await liveTurns([...accounts.values()], (id) => evaluateLive(id, pricePaise, at, range));
    await shareProblems();
    if (paperFailure) throw paperFailure.err;
    return traded + tradedLive;
  }

  /**
   * One mapping decided now, off its candle's close (a Multi-leg leg's stop or target seen on a tick, issue 33):
   * the same rules, locks, fences and fills as a close, at the instrument's current price. Whatever the rules
   * decide now is done: they decided it from the state read under the lock, so a repeat finds nothing to do.
   */
  async function reconsider(id: number): Promise<number> {
    const at = deps.clock.now();
    const row = await deps.repo.one(id);
    if (!row || row.mapping.runningStatus !== RUNNING_STATUS.RUNNING) return 0;
    const pricePaise = await currentPricePaise(row.mapping.instrumentToken);
    try {
      if (row.mapping.isDummy !== 1) return await evaluateLive(id, pricePaise, at);
      return await locks.withMappings([id], async () => {
        const state = await deps.repo.one(id);
        if (!state || state.mapping.isDummy !== 1) return 0;
        const plans = await decideAll([state.mapping], state.legs, pricePaise, at);
        marginShorts.tellClose([state.mapping], plans, await execute(plans, at), at);
        return plans.length;
      });
    } finally {
      await shareProblems();
    }
  }

  const onClose = (candle: Candle, key: HubKey, meta: { isGapFill: boolean }) => {
    // A candle recovered after a dropped feed is history: trading on it would act on stale prices.
    if (!isRunning || meta.isGapFill) return;
    // The engine subscribes only to strategy intervals; the hub's keys span every data interval.
    if (!isStrategyInterval(key.interval)) return;
    const interval = key.interval;
    const at = candle.ts + INTERVAL_MS[interval];
    // The switch as every instance sees it, read at the close: a stop sent to another instance (which only
    // flips the shared switch) holds from its reply on, not from the leader's next follow() tick.
    deps.shared.rdxWanted
      .get()
      .then(async (isWanted) => {
        if (!isWanted) {
          if (isRunning) haltHere();
          return 0;
        }
        // Each close is acted on once: a leader that takes over mid-candle finds the old leader's claim.
        const isMine = await deps.repo.claimCandle(key.instrumentToken, interval, at);
        const range = { highPaise: toPaise(candle.high), lowPaise: toPaise(candle.low) };
        return isMine ? evaluate(key.instrumentToken, interval, toPaise(candle.close), at, range) : 0;
      })
      .catch((err: unknown) => deps.logger.error({ err, key }, 'candle evaluation failed'));
  };

  /** Subscribes to exactly the keys running mappings need. */
  async function refresh() {
    if (!isRunning) return;
    const wanted = new Map<string, HubKey>();
    for (const r of await deps.repo.runningKeys()) {
      const key: HubKey = { source: OPTIONS_DATA_SOURCE, instrumentToken: r.instrumentToken, interval: r.interval };
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

  // A close missed by a leadership handover, acted on when this leader's engine starts.
  const catchUpMissedCloses = createHandoverCatchUp({
    repo: deps.repo,
    shared: deps.shared,
    logger: deps.logger,
    evaluate,
    pricePaise: (token) => currentPricePaise(token),
  });

  async function currentPricePaise(token: string): Promise<number> {
    const live = deps.hub.lastPricePaise(OPTIONS_DATA_SOURCE, token);
    if (live !== null) return live;
    const quoted = await deps.chain.underlyingPaise(token);
    if (quoted === null) throw badRequest('No price for the instrument');
    return quoted;
  }

  /** Whether a mapping's market trades now: its instrument's hours and, for NSE, the holiday calendar. */
  async function isMarketOpenFor(m: MappingState, at: number): Promise<boolean> {
    const hours = inputsFor(m, [], 0, [], at).instrument.hours;
    if (!sessionAt(hours, { startTime: null, endTime: null }, at).isMarketOpen) return false;
    return (await calendar.reasonAt(hours, at)) === null;
  }

  const chase = createSquareOffChase({
    repo: deps.repo,
    events: deps.events,
    logger: deps.logger,
    locks,
    problems,
    mustWaitForOrders,
    isMarketOpenFor,
    execute,
  });
  const evaluateLive = createLiveClose({
    repo: deps.repo,
    mappings: deps.mappings,
    logger: deps.logger,
    locks,
    problems,
    marginShorts,
    chase,
    decideAll,
    execute,
    mustWaitForOrders,
    egressRefusedBeforeFirstOrder,
  });
  const exitPaper = createPaperExit({
    repo: deps.repo,
    locks,
    mappings: deps.mappings,
    executor: deps.executor,
    calendar,
    problems,
    resetChase: (id) => chase.reset(id),
    clock: deps.clock,
    logger: deps.logger,
  });

  const manual = createManualActions({
    repo: deps.repo,
    mappings: deps.mappings,
    shared: deps.shared,
    chain: deps.chain,
    clock: deps.clock,
    locks,
    problems,
    calendar,
    chase,
    execute,
    waitForOrdersOrRefuse,
    settleOrders: mustWaitForOrders,
    egressRefusal: egressRefusedBeforeFirstOrder,
    currentPricePaise,
    isMarketOpenFor,
  });

  const byHand = createHandSettlement({
    repo: deps.repo,
    mappings: deps.mappings,
    locks,
    clock: deps.clock,
    events: deps.events,
    problems,
  });

  // A leg the trader closed in Kite by hand, booked as bought back at their price (issue 27).
  const matchBroker = createBrokerMatch({
    repo: { one: (id) => deps.repo.one(id), ...createBrokerMatchRepository(deps.db) },
    mappings: deps.mappings,
    locks,
    clock: deps.clock,
    events: deps.events,
    problems,
    brokerPositions: (m) => deps.executor.brokerPositions(m),
  });

  /** Recovery first (pending orders by tag, stopped mappings' legs), then the candles to follow. */
  async function startHere() {
    isRunning = true;
    await deps.executor.recoverPending(
      async (id) => (await deps.repo.one(id))?.mapping ?? null,
      (mappingId, settle) => locks.withMappings([mappingId], settle),
      deps.clock.now(),
    );
    await chase.run(deps.clock.now());
    await refreshInOrder();
    await catchUpMissedCloses(deps.clock.now());
    deps.logger.info({ subscriptions: subscriptions.size }, 'RDX engine started');
  }

  function haltHere() {
    isRunning = false;
    for (const release of subscriptions.values()) release();
    subscriptions.clear();
  }

  // Subscriptions change one refresh at a time, so two refreshes never subscribe the same key twice.
  let refreshing: Promise<void> = Promise.resolve();
  const refreshInOrder = () => {
    refreshing = refreshing.then(refresh, refresh);
    return refreshing;
  };
  // A mapping started, paused, stopped or reconfigured changes which candles the engine must follow.
  deps.events.subscribe('mapping.status_changed', async ({ mapping }) => {
    // A trader starting a strategy again has read why it stopped; the row starts afresh.
    if (mapping.running_status === RUNNING_STATUS.RUNNING) {
      problems.clear(mapping.id);
      await shareProblems();
    }
    await refreshInOrder();
  });
  deps.events.subscribe('mapping.changed', refreshInOrder);

  return {
    /** Whether the service is switched on, as every instance sees it. */
    status: async () => ({ isRunning: await deps.shared.rdxWanted.get() }),

    /**
     * Switches the service on; the leader starts trading at once, any other instance leaves it to the leader.
     * `actor`: the admin who did it, named on the event with what the switch concerns (issue 27).
     */
    async start(actor: Pick<Actor, 'userId'> | null = null) {
      const wasRunning = await deps.shared.rdxWanted.get();
      const at = deps.clock.now();
      await deps.shared.rdxWanted.set(true, at);
      const facts = await deps.mappings.serviceSwitch(actor);
      void deps.events.publish('rdx.service_changed', { isRunning: true, at, wasRunning, ...facts });
      if (deps.isLeader() && !isRunning) await startHere();
      return { isRunning: true };
    },

    /** Switches the service off: running strategies keep their legs (nothing is squared off) and trade no more. */
    async stop(actor: Pick<Actor, 'userId'> | null = null) {
      const wasRunning = await deps.shared.rdxWanted.get();
      const at = deps.clock.now();
      await deps.shared.rdxWanted.set(false, at);
      const facts = await deps.mappings.serviceSwitch(actor);
      void deps.events.publish('rdx.service_changed', { isRunning: false, at, wasRunning, ...facts });
      haltHere();
      deps.logger.info('RDX engine stopped');
      return { isRunning: false };
    },

    /** Shutdown or lost leadership: release subscriptions but keep the switch as it is. */
    halt: haltHere,

    /** The leader's worker tick: follow the shared switch, and re-read which candles to follow. */
    async follow() {
      const isWanted = await deps.shared.rdxWanted.get();
      if (isWanted && !isRunning) await startHere();
      else if (!isWanted && isRunning) haltHere();
      else if (isRunning) await refreshInOrder();
      // Legs held through their contract's settlement are closed at intrinsic value (nothing can trade them now).
      for (const s of await deps.settlement.settleDue(deps.clock.now())) {
        if (s.reason) noteProblem(s.mappingId, s.reason);
        else problems.clear(s.mappingId);
      }
      await shareProblems();
      if (isRunning) {
        await pauseWhereTokenExpired(deps.clock.now());
        await pauseWhereEgressRefused(deps.clock.now());
        // An exit whose orders did not all fill is chased until flat (or its tries run out).
        await chase.run(deps.clock.now());
      }
    },

    /** Re-reads which keys to follow (after status or config changes). */
    refresh: refreshInOrder,

    /** For benchmarks and tests: one candle close, as the hub would deliver it. */
    evaluate,
    reconsider,

    realign: manual.realign,
    exit: manual.exit,
    /** What the strategy's next entry would ask in margin, nothing sent (entry-margin.ts). */
    entryMargin: createEntryMarginQuote({
      repo: deps.repo,
      mappings: deps.mappings,
      chain: deps.chain,
      clock: deps.clock,
      currentPricePaise,
      entryMargin: deps.entryMargin,
    }),
    /** Orders not yet settled, and the trader's settling of one the broker's order book no longer holds. */
    unsettledOrders: byHand.unsettled,
    settleOrder: byHand.settle,
    /** Books a leg the broker no longer holds as bought back at the trader's price (broker-match.ts). */
    matchBroker,

    /** Stops and flattens many paper strategies in one pass (kill switch, Exit all, limits): paper-exit.ts. */
    exitPaper,
  };
}

export type Engine = ReturnType<typeof createEngine>;
