import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { subscribeAlertSources } from './alert-sources.js';
import type { IsOwnEndpoint } from '../../platform/own-endpoint.js';
import { createAlertDelivery } from './alert-delivery.js';
import { createAlertSenders } from './alert-senders.js';
import { createAlertsRepository } from './alerts.repository.js';
import { registerAlertsRoutes } from './alerts.routes.js';
import { createAlertsService } from './alerts.service.js';
import { createAlertsWorker } from './alerts.worker.js';
import { createTestAlert } from './test-alert.js';

/** Telegram's Bot API; TELEGRAM_API_ROOT points elsewhere (tests: a fake on loopback). */
export const TELEGRAM_API_ROOT = 'https://api.telegram.org';

/**
 * Alerts (issue 13): the notification centre, its sources (automatic stops, the kill switch, reconciliation
 * drift, tokens dying before the open) and delivery to each user's Telegram and webhook by the leader.
 */
export function createAlertsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  secrets: SecretBox;
  holidays: HolidaySource;
  logger: FastifyBaseLogger;
  telegramApiRoot?: string | undefined;
  webhookAllowPrivate?: boolean | undefined;
  /** This console's own listening socket: a webhook never reaches the console's own API. */
  isOwnEndpoint?: IsOwnEndpoint | undefined;
  /** An account's token rule by its broker kind (the brokers service's `tokenExpiryOf`). */
  tokenExpiryOf: (brokerKind: string) => (generatedAt: number) => number;
}) {
  const repo = createAlertsRepository(deps.db);
  const webhookAllowPrivate = deps.webhookAllowPrivate ?? false;
  const alerts = createAlertsService({
    repo,
    secrets: deps.secrets,
    clock: deps.clock,
    events: deps.events,
    webhookAllowPrivate,
    isOwnEndpoint: deps.isOwnEndpoint,
  });
  subscribeAlertSources({ events: deps.events, repo, alerts, clock: deps.clock });
  const senders = createAlertSenders({
    secrets: deps.secrets,
    telegramApiRoot: deps.telegramApiRoot ?? TELEGRAM_API_ROOT,
    webhookAllowPrivate,
    isOwnEndpoint: deps.isOwnEndpoint,
  });
  const deliver = createAlertDelivery({ repo, senders, logger: deps.logger });
  const delivery = createAlertsWorker({
    repo,
    alerts,
    deliver,
    holidays: deps.holidays,
    tokenExpiryOf: deps.tokenExpiryOf,
  });
  const testAlert = createTestAlert({ alerts, repo, deliver, clock: deps.clock });
  const routes: RegisterRoutes = (app, authenticate) => registerAlertsRoutes(app, authenticate, alerts, testAlert);
  return { alerts, delivery, routes, workers: [delivery.worker] };
}
