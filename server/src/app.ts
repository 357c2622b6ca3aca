import type { Health } from '@app/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler } from './platform/http.js';
import { createNullRealtime, createSocketServer, type RealtimeHub } from './platform/realtime.js';
import { serveWebApp } from './platform/static.js';
import { registerRoutes } from './routes.js';
import { createServices, type ServiceDeps, type Services } from './services.js';

export type { Services };

export interface AppDeps extends Omit<ServiceDeps, 'realtime' | 'logger'> {
  logger?: FastifyBaseLogger;
  /** Socket.IO on the API host (default on); `redisUrl` spreads events across instances. */
  realtime?: { enabled: boolean; redisUrl?: string | undefined };
  version: string;
  marketMode: 'sandbox' | 'live';
  webDist?: string;
  /** Background workers' state, shown by /api/health. */
  workerStatus?: () => Health['workers'];
}

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

  // The socket server authenticates through the auth service, created just below.
  const late: { services?: Services } = {};
  const realtime: RealtimeHub & { close(): Promise<void> } =
    deps.realtime?.enabled === false
      ? { ...createNullRealtime(), close: () => Promise.resolve() }
      : await createSocketServer({
          httpServer: app.server,
          logger: app.log,
          redisUrl: deps.realtime?.redisUrl,
          authenticate: async (token) => {
            if (!late.services) throw new Error('Server is starting');
            const who = await late.services.auth.authenticate(token);
            return { userId: who.userId, role: who.role, sessionId: who.sessionId };
          },
        });
  app.addHook('onClose', () => realtime.close());
  const services = createServices({ ...deps, realtime, logger: app.log });
  late.services = services;
  const startedAt = deps.clock.now();
  const health = (): Health => ({
    version: deps.version,
    database: deps.database.kind,
    marketMode: deps.marketMode,
    uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000),
    workers: deps.workerStatus?.() ?? [],
  });
  registerRoutes(app, services, health);
  await serveWebApp(app, deps.webDist);
  return { app, services };
}
