import type { StrategyInterval } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../db/shared-state.js';
import { iso } from '../../platform/time.js';
import { INTERVAL_MS } from '../market-data/candles.logic.js';
import type { EngineRepository } from './engine.repository.js';

/*
 * A leader that takes over just after a candle close never saw that candle (its feed starts with it): a
 * graceful handover at 13:09:59 skipped the 13:10 close. Where the previous leader claimed the close before
 * it, and this one is recent, it is claimed and acted on when the new leader's engine starts, at the price
 * then (the candle's own close was never seen here; seconds later it is the nearest there is).
 */

/** How late such a close may still be acted on (at most half its interval). */
export const CATCH_UP_MS = 30_000;

export type MissedClose = { act: boolean; closeAt: number } | null;

/**
 * The close after the last one claimed, if it has passed: to act on (`act`) when recent enough, or too old
 * (reported when still within its interval; null beyond). Null too for a close the service was not on for
 * (`onSince` after it, or the service off): a service switched on waits for the next close, as ever.
 */
export function missedClose(
  lastClaimed: number | null,
  onSince: number | null,
  now: number,
  interval: StrategyInterval,
): MissedClose {
  if (lastClaimed === null || onSince === null) return null;
  const closeAt = lastClaimed + INTERVAL_MS[interval];
  if (closeAt <= onSince || now < closeAt) return null;
  const late = now - closeAt;
  if (late <= Math.min(CATCH_UP_MS, INTERVAL_MS[interval] / 2)) return { act: true, closeAt };
  return late < INTERVAL_MS[interval] ? { act: false, closeAt } : null;
}

export function createHandoverCatchUp(deps: {
  repo: Pick<EngineRepository, 'runningKeys' | 'lastClaimedClose' | 'claimCandle'>;
  shared: Pick<SharedState, 'rdxWanted'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** A candle close, as the hub would deliver it (engine.service.ts evaluate). */
  evaluate(instrumentToken: string, interval: StrategyInterval, pricePaise: number, at: number): Promise<number>;
  pricePaise(instrumentToken: string): Promise<number>;
}) {
  /** Acts on every running key's close missed by the handover, each claimed once. */
  return async function catchUp(now: number): Promise<void> {
    const onSince = await deps.shared.rdxWanted.onSince();
    if (onSince === null) return;
    for (const { instrumentToken, interval } of await deps.repo.runningKeys()) {
      const missed = missedClose(await deps.repo.lastClaimedClose(instrumentToken, interval), onSince, now, interval);
      if (!missed) continue;
      const where = { instrumentToken, interval, closeAt: iso(missed.closeAt) };
      if (!missed.act) {
        deps.logger.warn(where, 'a close the handover missed is too old to act on');
        continue;
      }
      try {
        if (!(await deps.repo.claimCandle(instrumentToken, interval, missed.closeAt))) continue;
        deps.logger.warn(where, 'acting on a close the handover missed');
        await deps.evaluate(instrumentToken, interval, await deps.pricePaise(instrumentToken), missed.closeAt);
      } catch (err) {
        deps.logger.error({ err, ...where }, 'missed candle close not acted on');
      }
    }
  };
}
