import type { Worker } from '../../platform/lifecycle.js';
import { isDue, paceAfter, type AccountPacing } from './reconcile-pacing.logic.js';
import type { ReconcileService } from './reconcile.service.js';

/** How often the leader compares live accounts with their brokers unless RECONCILE_EVERY_SECONDS says. */
export const RECONCILE_EVERY_MS = 60_000;

/**
 * The leader's reconciliation (issue 27): every `everyMs`, each live account the console holds legs on is
 * compared with its broker, with no screen open, so a leg closed in Kite by hand pauses its strategy within a
 * minute (risk's drift pause) and is alerted once. One instance does it (many consoles on one PostgreSQL); an
 * account whose broker fails is reported and asked again later and later (reconcile-pacing.logic.ts); a symbol
 * with an order still settling is marked in flight, never drift, and compared again at the next tick.
 */
export function createReconcileWorker(deps: {
  reconcile: Pick<ReconcileService, 'reconcileHeld'>;
  everyMs: number;
  logger: { warn: (obj: object, msg: string) => void };
}) {
  const pacing = new Map<number, AccountPacing>();

  async function tick(now: number) {
    const checked = await deps.reconcile.reconcileHeld((id) => isDue(pacing.get(id), now));
    for (const account of checked) {
      const id = account.user_broker_id;
      const hasFailed = account.error !== null;
      const next = paceAfter(pacing.get(id), hasFailed, now, deps.everyMs);
      if (next) pacing.set(id, next);
      else pacing.delete(id);
      if (next && account.error) {
        deps.logger.warn(
          { userBrokerId: id, reason: account.error, failures: next.failures, nextTryAt: new Date(next.nextAt) },
          'reconciliation could not ask the broker; asking again later',
        );
      }
    }
  }

  const worker: Worker = {
    name: 'reconciliation',
    singleton: true,
    everyMs: deps.everyMs,
    start: () => Promise.resolve(),
    tick,
    // A new leader starts afresh: a broker that failed here is asked on its first tick.
    stop: () => {
      pacing.clear();
      return Promise.resolve();
    },
  };
  return { tick, worker };
}
