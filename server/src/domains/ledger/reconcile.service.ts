import type { ReconcileAccount, ReconcileReply } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Actor } from '../../platform/ownership.js';
import { iso } from '../../platform/time.js';
import type { BrokerPosition } from '../brokers/broker-port.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { DriftEpisodesRepository } from './drift-episodes.repository.js';
import type { AccountFacts, LedgerRepository, LiveLegFacts } from './ledger.repository.js';
import { compareHoldings, driftShapeKey, nextDriftEpisode, withHolders } from './reconcile.logic.js';
import type { AccountAccess } from '../brokers/brokers.service.js';

/**
 * Reconciliation (issue 11): for each live broker account, what the console holds open beside what the
 * broker says it holds (the broker port's `positions`). A broker that cannot be asked is reported with
 * its reason, never as agreement. A screen asks for the accounts it shows; the leader's reconciliation
 * worker (issue 27) asks for every account the console holds live legs on, with no screen open.
 */
export function createReconcileService(deps: {
  repo: LedgerRepository;
  episodes: DriftEpisodesRepository;
  /** An account's broker and its calls through the port (the brokers domain's; a refused token is kept there). */
  accessOf: (userBrokerId: number) => Promise<AccountAccess>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /**
   * Every comparison is published (`reconciliation.checked`: risk pauses a strategy on a leg the broker no
   * longer holds); a difference not told before too (`reconciliation.drift`: the alerts domain tells the
   * owner and admins, once per difference).
   */
  events: Pick<DomainEventBus, 'publish'>;
}) {
  async function brokerPositions(userBrokerId: number): Promise<BrokerPosition[]> {
    const { account } = await deps.accessOf(userBrokerId);
    if (!account) throw new Error('No access token: generate one on the Profile page');
    return account.positions();
  }

  /** The broker's positions of an account, or why it could not be asked. */
  async function ask(a: AccountFacts): Promise<{ broker: BrokerPosition[]; error: string | null }> {
    try {
      return { broker: await brokerPositions(a.id), error: null };
    } catch (err) {
      deps.logger.info({ userBrokerId: a.id, err }, 'reconciliation could not ask the broker');
      return { broker: [], error: marketDataFailure(err).message };
    }
  }

  /** One account beside its broker's answer; symbols with an order in flight are marked so, not drift. */
  function compareOne(
    a: AccountFacts,
    legs: LiveLegFacts[],
    asked: { broker: BrokerPosition[]; error: string | null },
    inFlight: ReadonlySet<string>,
  ): ReconcileAccount {
    const mine = legs.filter((l) => l.userBrokerId === a.id);
    const compared = compareHoldings(
      mine,
      asked.broker.map((p) => ({ exchange: p.exchange, tradingSymbol: p.tradingsymbol, quantity: p.quantity })),
      asked.error === null ? inFlight : new Set(),
    );
    const symbols = withHolders(compared, mine);
    return {
      user_broker_id: a.id,
      user_id: a.userId,
      user_username: a.username,
      broker_username: a.brokerUsername,
      symbols,
      in_sync: asked.error === null && symbols.every((s) => s.drift === 0),
      error: asked.error,
    };
  }

  /**
   * Every account beside its broker. `startedAt` is when the console's side was about to be read: an order
   * pending now, or settled since then, may be on one side and not the other, so its symbol is in flight.
   * Asked after the brokers answer, so an order settling meanwhile is caught too.
   */
  async function compare(accounts: AccountFacts[], legs: LiveLegFacts[], startedAt: number) {
    const asked = await Promise.all(accounts.map((a) => ask(a)));
    const inFlight = await deps.repo.symbolsInFlight(
      accounts.map((a) => a.id),
      startedAt,
    );
    const checked = accounts.map((a, i) => compareOne(a, legs, asked[i]!, inFlight.get(a.id) ?? new Set()));
    await tell(checked);
    return checked;
  }

  /**
   * Each answered account's episode moved on (agreement ends it, a new difference starts one); the comparison
   * published, and the differences this instance started, once each.
   */
  async function tell(checked: ReconcileAccount[]) {
    const answered = checked.filter((a) => a.error === null);
    if (answered.length === 0) return;
    const at = deps.clock.now();
    const open = await deps.episodes.episodesOf(answered.map((a) => a.user_broker_id));
    const fresh: Array<{ account: ReconcileAccount; since: number }> = [];
    for (const account of answered) {
      const previous = open.get(account.user_broker_id) ?? null;
      const { next, isNew } = nextDriftEpisode(previous, driftShapeKey(account.symbols), at);
      if (next === previous) continue;
      const isMine = await deps.episodes.move(account.user_broker_id, previous, next);
      if (isNew && isMine && next) fresh.push({ account, since: next.since });
    }
    // Awaited: the worker's next round (and a screen's reply) finds a strategy on a lost leg already paused.
    const checkedDone = deps.events.publish('reconciliation.checked', {
      accounts: answered.map((a) => ({ userBrokerId: a.user_broker_id, symbols: a.symbols })),
      at,
    });
    if (fresh.length === 0) return checkedDone;
    const driftDone = deps.events.publish('reconciliation.drift', {
      accounts: fresh.map(({ account: a, since }) => ({
        userBrokerId: a.user_broker_id,
        userId: a.user_id,
        username: a.user_username,
        brokerUsername: a.broker_username,
        symbols: a.symbols.filter((s) => s.drift !== 0),
        since,
      })),
      at,
    });
    await Promise.all([checkedDone, driftDone]);
  }

  return {
    /** The actor's live accounts (an admin's: everyone's), each beside its broker now. */
    async reconcile(actor: Actor): Promise<ReconcileReply> {
      const scope = actor.role === 'admin' ? ({ everyone: true } as const) : { userId: actor.userId };
      const [accounts, paperStrategies] = await Promise.all([
        deps.repo.liveAccounts(scope),
        deps.repo.paperStrategyCount(scope),
      ]);
      const startedAt = deps.clock.now();
      const legs = await deps.repo.liveLegs(accounts.map((a) => a.id));
      const checked = await compare(accounts, legs, startedAt);
      return { accounts: checked, checked_at: iso(deps.clock.now()), paper_strategies: paperStrategies };
    },

    /**
     * The worker's round (issue 27): every account the console holds live legs on and `isDue` lets through,
     * beside its broker. An account holding nothing has no leg to lose, so it is left to the screens.
     */
    async reconcileHeld(isDue: (userBrokerId: number) => boolean): Promise<ReconcileAccount[]> {
      const everyone = await deps.repo.liveAccounts({ everyone: true });
      const startedAt = deps.clock.now();
      const legs = await deps.repo.liveLegs(everyone.map((a) => a.id));
      const holding = new Set(legs.map((l) => l.userBrokerId));
      const due = everyone.filter((a) => holding.has(a.id) && isDue(a.id));
      return due.length === 0 ? [] : compare(due, legs, startedAt);
    },
  };
}

export type ReconcileService = ReturnType<typeof createReconcileService>;
