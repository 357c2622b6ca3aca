import { RUNNING_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { conflict } from '../../platform/errors.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import { brokerTokenState, type TokenExpiryRule } from '../strategies/broker-token.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { Executor } from './executor.js';

/** How often a running live account's egress is checked again (a proxy's exit address can change). */
export const EGRESS_RECHECK_MS = 5 * 60_000;
const RECHECKS_AT_ONCE = 4;

/**
 * What keeps a live strategy from trading on a broker that would not take it (issue 12): earlier orders
 * settled first, and no trading on an access token Kite has invalidated. Used by the engine service.
 */
export function createLiveGuards(deps: {
  repo: EngineRepository;
  executor: Pick<Executor, 'settleOpenOrders'>;
  mappings: Pick<MappingsService, 'setRunningStatus'>;
  logger: FastifyBaseLogger;
  /** An account's token rule by its broker kind (the brokers service's `tokenExpiryOf`). */
  tokenExpiryOf: (brokerKind: string | null) => TokenExpiryRule;
  /** Checks account `id`'s egress again and keeps the finding (the brokers service's); the refusal or null. */
  egressRecheck: (userBrokerId: number) => Promise<string | null>;
  /** Account `id`'s egress before its session's first order (the brokers service's); the refusal or null. */
  egressBeforeFirstOrder: (userBrokerId: number) => Promise<string | null>;
}) {
  /**
   * A live mapping's earlier orders are settled with the broker before it decides again (issue 12): a lost
   * reply or a resting order must never be followed by a second order for the same leg. Returns why it
   * must wait, or null when it may trade.
   */
  async function mustWaitForOrders(m: MappingState, at: number): Promise<string | null> {
    if (m.isDummy === 1) return null;
    const open = await deps.executor.settleOpenOrders(m, at);
    return open.length === 0 ? null : `waiting for the broker to settle ${open.join(', ')}`;
  }

  /**
   * Manual actions: earlier orders settled first, or a 409 saying which are still open at the broker.
   * Returns the strategy's position version as read before the settling (see `fencedBefore`).
   */
  async function waitForOrdersOrRefuse(id: number, at: number): Promise<number | null> {
    const state = await deps.repo.one(id);
    if (!state) return null;
    const wait = await mustWaitForOrders(state.mapping, at).catch((err: unknown) => {
      throw marketDataFailure(err);
    });
    if (wait !== null) throw conflict(`Not now: ${wait}`);
    return state.mapping.positionVersion;
  }

  /**
   * Kite invalidates access tokens at 06:00 IST, or earlier when it says so (a refusal the account keeps): a
   * running live strategy whose token died is paused, with the reason on its row, rather than left running
   * on orders that cannot go.
   */
  async function pauseWhereTokenExpired(at: number) {
    for (const row of await deps.repo.runningLiveTokens()) {
      const expiresAt = deps.tokenExpiryOf(row.brokerKind);
      const state = brokerTokenState(expiresAt, Number(row.hasToken) === 1, row.tokenUpdatedAt, at, row.tokenRefusedAt);
      if (state === 'valid') continue;
      try {
        await deps.mappings.setRunningStatus(
          { userId: row.userId, role: 'user' },
          row.id,
          RUNNING_STATUS.PAUSED,
          { status: RUNNING_STATUS.RUNNING, error: 'no longer running' },
          'token_expired',
        );
        deps.logger.warn({ mappingId: row.id }, 'live strategy paused: broker access token expired');
      } catch (err) {
        deps.logger.debug({ err, mappingId: row.id }, 'could not pause a strategy with an expired token');
      }
    }
  }

  /**
   * Kite refuses orders from an IP the account has not registered (issue 31): each account with running live
   * strategies has its egress checked again every few minutes (a proxy's exit address can change under it), and
   * its running strategies pause while the check refuses it, the reason on the account's row and in an alert.
   */
  async function pauseWhereEgressRefused(at: number) {
    let rows: Awaited<ReturnType<EngineRepository['runningLiveEgress']>>;
    try {
      rows = await deps.repo.runningLiveEgress();
    } catch (err) {
      deps.logger.warn({ err }, 'could not read the running live accounts to check their egress');
      return;
    }
    const problemOf = new Map<number, string | null>();
    const due: number[] = [];
    for (const row of rows) {
      if (row.userBrokerId === null || problemOf.has(row.userBrokerId)) continue;
      problemOf.set(row.userBrokerId, row.egressProblem);
      if (row.egressCheckedAt === null || at - row.egressCheckedAt >= EGRESS_RECHECK_MS) due.push(row.userBrokerId);
    }
    // A few accounts at a time, each echo within 5 s: a slow echo holds the leader's tick up for seconds, not minutes.
    for (let i = 0; i < due.length; i += RECHECKS_AT_ONCE) {
      await Promise.all(
        due.slice(i, i + RECHECKS_AT_ONCE).map(async (userBrokerId) => {
          try {
            problemOf.set(userBrokerId, await deps.egressRecheck(userBrokerId));
          } catch (err) {
            deps.logger.warn({ err, userBrokerId }, 'could not check an account egress again');
          }
        }),
      );
    }
    for (const row of rows) {
      if (row.userBrokerId === null || !problemOf.get(row.userBrokerId)) continue;
      await pauseForEgress(row);
    }
  }

  /**
   * Before the first order of a broker session (issue 31 item 2): an account whose egress is checked and has not
   * been checked in this session (a token pasted by hand, a console that started after the check) is checked now,
   * once per session; one checked this session answers with what was found. Which accounts, which session and
   * the once are the brokers domain's (egress-check.ts, its 'first-order' moment). The refusal, or null when
   * orders may go.
   */
  function egressRefusedBeforeFirstOrder(userBrokerId: number | null): Promise<string | null> {
    return userBrokerId === null ? Promise.resolve(null) : deps.egressBeforeFirstOrder(userBrokerId);
  }

  /** Pauses a running live strategy whose orders would leave from an unregistered IP, the reason on its row. */
  async function pauseForEgress(m: Pick<MappingState, 'id' | 'userId'>) {
    try {
      await deps.mappings.setRunningStatus(
        { userId: m.userId, role: 'user' },
        m.id,
        RUNNING_STATUS.PAUSED,
        { status: RUNNING_STATUS.RUNNING, error: 'no longer running' },
        'egress_mismatch',
      );
      deps.logger.warn({ mappingId: m.id }, 'live strategy paused: its orders could not leave from a registered IP');
    } catch (err) {
      deps.logger.debug({ err, mappingId: m.id }, 'could not pause a strategy whose egress was refused');
    }
  }

  return {
    mustWaitForOrders,
    waitForOrdersOrRefuse,
    pauseWhereTokenExpired,
    pauseWhereEgressRefused,
    egressRefusedBeforeFirstOrder,
  };
}

/**
 * A live decision's state, fenced at the position version read before its earlier orders were settled
 * (stale-position.ts). Read after, it would take in an order another console wrote in between (its lock
 * lost under it), which the settling never saw: the decision's own orders would then pass the fence and
 * double that one. Held at the earlier version, they are refused instead.
 */
export function fencedBefore<S extends { mapping: MappingState }>(state: S, positionVersion: number | null): S {
  if (positionVersion === null) return state;
  return { ...state, mapping: { ...state.mapping, positionVersion } };
}
