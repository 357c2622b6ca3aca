import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { answerFrameworkError, frameworkErrorBody, installErrorHandler } from './http.js';
import { installSecurityHeaders, securityHeadersFor, type SecurityHeaderOptions } from './security-headers.js';

/**
 * What a worker-only process (`SERVICES` without `api`) listens with: `/api/health` and nothing else,
 * answered by the full app in-process so the report is the same one the console serves (its details to an
 * admin's bearer token, passed on). Errors and unknown paths get the API's envelope and headers.
 */
export async function buildHealthOnlyApp(
  full: FastifyInstance,
  logger: FastifyBaseLogger,
  headers: SecurityHeaderOptions,
): Promise<FastifyInstance> {
  const server = Fastify({
    loggerInstance: logger,
    frameworkErrors: answerFrameworkError(securityHeadersFor(headers)),
  });
  installErrorHandler(server);
  installSecurityHeaders(server, headers);
  server.get('/api/health', async (req, reply) => {
    const { authorization } = req.headers;
    const res = await full.inject({
      method: 'GET',
      url: '/api/health',
      ...(authorization ? { headers: { authorization } } : {}),
    });
    return reply
      .code(res.statusCode)
      .header('content-type', res.headers['content-type'] ?? 'application/json')
      .send(res.body);
  });
  server.setNotFoundHandler((_req, reply) => reply.code(404).send(frameworkErrorBody(404)));
  await server.ready();
  return server;
}
