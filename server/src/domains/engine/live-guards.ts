import { RUNNING_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { conflict } from '../../platform/errors.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import { brokerTokenState, type TokenExpiryRule } from '../strategies/broker-token.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { Executor } from './executor.js';

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

  return { mustWaitForOrders, waitForOrdersOrRefuse, pauseWhereTokenExpired };
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
