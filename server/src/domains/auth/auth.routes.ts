import { api, MSG } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { RealtimeHub } from '../../platform/realtime.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

export function registerAuthRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  auth: AuthService,
  users: UsersService,
  realtime: RealtimeHub,
): void {
  mount(app, authenticate, api.auth.login, async ({ body, req }) => auth.login(body, req.ip));

  mount(app, authenticate, api.auth.verify, async ({ auth: who }) => ({ user: await users.get(who.userId) }));

  mount(app, authenticate, api.auth.changePassword, async ({ auth: who, body }) => {
    for (const sessionId of await auth.changePassword(who, body)) realtime.disconnectSession(sessionId);
    return replied({}, MSG.passwordChanged);
  });

  mount(app, authenticate, api.auth.logout, async ({ auth: who }) => {
    await auth.logout(who.sessionId);
    realtime.disconnectSession(who.sessionId);
    return {};
  });
}
