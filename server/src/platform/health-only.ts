import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

/**
 * What a worker-only process (`SERVICES` without `api`) listens with: `/api/health` and nothing else,
 * answered by the full app in-process so the report is the same one the console serves.
 */
export async function buildHealthOnlyApp(full: FastifyInstance, logger: FastifyBaseLogger): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: logger });
  server.get('/api/health', async (_req, reply) => {
    const res = await full.inject({ method: 'GET', url: '/api/health' });
    return reply
      .code(res.statusCode)
      .header('content-type', res.headers['content-type'] ?? 'application/json')
      .send(res.body);
  });
  await server.ready();
  return server;
}
