import type { TestAlertReply } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/ownership.js';
import { CLAIM_MS, type AlertDelivery } from './alert-delivery.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertsService } from './alerts.service.js';

/**
 * The Profile page's Send Test Alert: the alert goes to the bell and is sent on each of the trader's channels
 * while they wait, so the reply says how each one took it (a Telegram that refused it is said to have, never
 * "sent"). Its sends are stored already taken, so the worker does not send them a second time; a send that
 * fails for now is retried by the worker like any alert's.
 */
export function createTestAlert(deps: {
  alerts: Pick<AlertsService, 'storeTest'>;
  repo: Pick<AlertsRepository, 'pendingDeliveriesOf'>;
  deliver: AlertDelivery;
  clock: Clock;
}) {
  return {
    async send(actor: Actor): Promise<TestAlertReply> {
      const now = deps.clock.now();
      const alertId = await deps.alerts.storeTest(actor, now + CLAIM_MS);
      const due = alertId === undefined ? [] : await deps.repo.pendingDeliveriesOf(alertId);
      const channels = await Promise.all(
        due.map(async (d) => {
          const step = await deps.deliver(d, now, true);
          return { channel: d.channel, status: step?.status ?? 'pending', error: step?.lastError ?? null };
        }),
      );
      return { channels };
    },
  };
}

export type TestAlert = ReturnType<typeof createTestAlert>;
