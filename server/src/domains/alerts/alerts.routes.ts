import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { AlertsService } from './alerts.service.js';
import type { TestAlert } from './test-alert.js';

/** Every route addresses the caller's own alerts and channels: identity comes from the session alone. */
export function registerAlertsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  alerts: AlertsService,
  testAlert: TestAlert,
): void {
  mount(app, authenticate, api.alerts.list, ({ auth, query }) => alerts.list(auth, query));
  mount(app, authenticate, api.alerts.markRead, ({ auth, body }) => alerts.markRead(auth, body));
  mount(app, authenticate, api.alerts.channels, ({ auth }) => alerts.channels(auth));
  mount(app, authenticate, api.alerts.updateChannels, ({ auth, body }) => alerts.updateChannels(auth, body));
  mount(app, authenticate, api.alerts.testChannels, ({ auth }) => testAlert.send(auth));
}
