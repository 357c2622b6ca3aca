import type { Health } from '@app/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler } from './platform/http.js';
import { serveWebApp } from './platform/static.js';
import { registerRoutes } from './routes.js';
import { createServices, type ServiceDeps, type Services } from './services.js';

export type { Services };

export interface AppDeps extends ServiceDeps {
  logger?: FastifyBaseLogger;
  version: string;
  marketMode: 'sandbox' | 'live';
  webDist?: string;
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

  const services = createServices(deps);
  const startedAt = deps.clock.now();
  const health = (): Health => ({
    version: deps.version,
    database: deps.database.kind,
    marketMode: deps.marketMode,
    uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000),
    workers: [],
  });
  registerRoutes(app, services, health);
  await serveWebApp(app, deps.webDist);
  return { app, services };
}
