import type { Health } from '@app/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { createAuthRepository } from './domains/auth/auth.repository.js';
import { registerAuthRoutes } from './domains/auth/auth.routes.js';
import { createAuthService } from './domains/auth/auth.service.js';
import type { PasswordHasher } from './domains/auth/passwords.js';
import { registerHealthRoutes } from './domains/health/health.routes.js';
import { createUsersRepository } from './domains/users/users.repository.js';
import { registerUsersRoutes } from './domains/users/users.routes.js';
import { createUsersService } from './domains/users/users.service.js';
import type { Clock } from './platform/clock.js';
import { installErrorHandler, type Authenticate } from './platform/http.js';
import type { SecretBox } from './platform/secrets.js';
import { serveWebApp } from './platform/static.js';

export interface AppDeps {
  database: Database;
  clock: Clock;
  secrets: SecretBox;
  hasher: PasswordHasher;
  logger?: FastifyBaseLogger;
  version: string;
  marketMode: 'sandbox' | 'live';
  sessionTtlMs: number;
  webDist?: string;
}

/** Builds the services every part of the server shares, from their dependencies. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const auth = createAuthService({
    repo: createAuthRepository(db),
    hasher: deps.hasher,
    secrets: deps.secrets,
    clock: deps.clock,
    sessionTtlMs: deps.sessionTtlMs,
  });
  const users = createUsersService({
    repo: createUsersRepository(db, deps.database.kind),
    hasher: deps.hasher,
    clock: deps.clock,
    revokeSessions: (id) => auth.revokeAllFor(id),
  });
  return { auth, users };
}

export type Services = ReturnType<typeof createServices>;

/** The HTTP application without listen(); tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const app: FastifyInstance = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandler(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });

  const services = createServices(deps);
  const authenticate: Authenticate = (token) => services.auth.authenticate(token);
  const startedAt = deps.clock.now();
  const health = (): Health => ({
    version: deps.version,
    database: deps.database.kind,
    marketMode: deps.marketMode,
    uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000),
    workers: [],
  });

  registerHealthRoutes(app, authenticate, health);
  registerAuthRoutes(app, authenticate, services.auth, services.users);
  registerUsersRoutes(app, authenticate, services.users);
  await serveWebApp(app, deps.webDist);
  return { app, services };
}
