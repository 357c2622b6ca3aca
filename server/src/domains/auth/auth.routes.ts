import { api, MSG } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { AuthService } from './auth.service.js';
import { installPasswordChangeGate } from './password-change-gate.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  auth: AuthService,
  events: Pick<DomainEventBus, 'publish'>,
): void {
  // Root-level, so it covers every domain's routes (Fastify applies root hooks to all routes at ready).
  installPasswordChangeGate(app);
  mount(app, authenticate, api.auth.login, async ({ body, req }) => auth.login(body, req.ip));

  mount(app, authenticate, api.auth.verify, async ({ auth: who }) => ({ user: await auth.currentUser(who.userId) }));

  mount(app, authenticate, api.auth.changePassword, async ({ auth: who, body, req }) => {
    await events.publish('sessions.revoked', { sessionIds: await auth.changePassword(who, body, req.ip) });
    return replied({}, MSG.passwordChanged);
  });

  mount(app, authenticate, api.auth.logout, async ({ auth: who }) => {
    await auth.logout(who.sessionId);
    await events.publish('sessions.revoked', { sessionIds: [who.sessionId] });
    return {};
  });
}
