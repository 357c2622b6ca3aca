import { istDay } from '@app/contract';
import type { Worker } from '../../platform/lifecycle.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { tokenExpiringAlert } from './alert-text.logic.js';
import type { AlertDelivery } from './alert-delivery.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertsService } from './alerts.service.js';
import { expiringTokens } from './token-expiry.logic.js';

/** How often the queue is looked at: an alert reaches Telegram within seconds. */
export const ALERTS_EVERY_MS = 5_000;
/** Tokens change a few times a day: looking once a minute is plenty. */
const TOKEN_CHECK_EVERY_MS = 60_000;
/** Deliveries sent at once per tick. */
const BATCH = 20;
/**
 * Alerts are kept this long (bell, deliveries), so the tables stay the size of a season of trading rather
 * than growing for ever. The audit log is kept: it is the record, not a notification.
 */
export const ALERT_RETENTION_MS = 90 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The leader's alerts role: sends due deliveries (retried with backoff, given up after MAX_ATTEMPTS) and
 * alerts a trader once per token when a running live strategy's broker token will be dead by the next open.
 * Sending happens here only, never on a trading path: a slow or failing channel delays nothing else.
 */
export function createAlertsWorker(deps: {
  repo: AlertsRepository;
  alerts: Pick<AlertsService, 'notify'>;
  deliver: AlertDelivery;
  holidays: HolidaySource;
  /** An account's token rule by its broker kind (the brokers service's `tokenExpiryOf`). */
  tokenExpiryOf: (brokerKind: string) => (generatedAt: number) => number;
}) {
  let lastTokenCheck = -Infinity;
  let lastPrune = -Infinity;

  async function prune(now: number) {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await deps.repo.pruneAlerts(now - ALERT_RETENTION_MS);
  }

  async function deliverDue(now: number) {
    const due = await deps.repo.dueDeliveries(now, BATCH);
    await Promise.all(due.map((d) => deps.deliver(d, now)));
  }

  async function checkTokens(now: number) {
    if (now - lastTokenCheck < TOKEN_CHECK_EVERY_MS) return;
    lastTokenCheck = now;
    const rows = await deps.repo.runningLiveTokens();
    if (rows.length === 0) return;
    const holidays = await deps.holidays.holidaysFrom(istDay(now));
    const expiring = expiringTokens(
      rows.map((r) => ({
        userId: r.userId,
        userBrokerId: r.userBrokerId,
        brokerUsername: r.brokerUsername,
        hasToken: Number(r.hasToken) === 1,
        tokenUpdatedAt: r.tokenUpdatedAt,
        tokenExpiresAt: deps.tokenExpiryOf(r.brokerKind),
        hours: r,
      })),
      holidays,
      now,
    );
    await deps.alerts.notify(expiring.map((token) => ({ userId: token.userId, draft: tokenExpiringAlert(token) })));
  }

  /** One round: new token alerts first, so they go out in the same tick; alerts past retention hourly. */
  async function tick(now: number) {
    await checkTokens(now);
    await deliverDue(now);
    await prune(now);
  }

  const worker: Worker = {
    name: 'alerts',
    singleton: true,
    everyMs: ALERTS_EVERY_MS,
    start: () => Promise.resolve(),
    tick,
    stop: () => Promise.resolve(),
  };
  return { tick, worker };
}
