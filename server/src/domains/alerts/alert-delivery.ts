import type { FastifyBaseLogger } from 'fastify';
import type { AlertSenders } from './alert-senders.js';
import { SEND_TIMEOUT_MS } from './alert-senders.js';
import { toAlert } from './alerts.presenter.js';
import type { AlertsRepository } from './alerts.repository.js';
import { afterAttempt, type DeliveryStep } from './delivery.logic.js';

/** A queued delivery as the repository reads it (`dueDeliveries`, `pendingDeliveriesOf`). */
export type DeliveryRow = Awaited<ReturnType<AlertsRepository['dueDeliveries']>>[number];

/** How long one attempt holds its delivery: past the send's deadline, so nobody else sends it meanwhile. */
export const CLAIM_MS = 2 * SEND_TIMEOUT_MS;

/**
 * One attempt at one delivery, shared by the worker and the test alert: send it, record where it goes next
 * (delivered, retried later, given up) and log a failure for the operator. `isClaimed`: the caller took it
 * already (the test alert stores its sends taken); otherwise it is taken here first, and null means another
 * sender (a second leader for a moment) has it.
 */
export function createAlertDelivery(deps: {
  repo: AlertsRepository;
  senders: AlertSenders;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return async function deliver(d: DeliveryRow, now: number, isClaimed = false): Promise<DeliveryStep | null> {
    if (!isClaimed && !(await deps.repo.claim(d.id, d.nextAttemptAt, now + CLAIM_MS))) return null;
    const outcome = await deps.senders.send({
      id: d.id,
      channel: d.channel,
      alert: toAlert({ ...d, id: d.alertId }),
      telegramBotTokenSealed: d.telegramBotTokenSealed,
      telegramChatId: d.telegramChatId,
      webhookUrl: d.webhookUrl,
      webhookSecretSealed: d.webhookSecretSealed,
    });
    const step = afterAttempt(d.attempts, outcome, now);
    await deps.repo.settle(d.id, step);
    if (!outcome.ok) {
      deps.logger.warn(
        { deliveryId: d.id, channel: d.channel, attempts: step.attempts, status: outcome.status, error: outcome.error },
        step.status === 'failed' ? 'alert delivery given up' : 'alert delivery failed; retrying later',
      );
    }
    return step;
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
