import { Readable } from 'node:stream';
import { MSG, type RouteDef } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden, unauthenticated } from './errors.js';
import { bearerToken, type Authenticate, type AuthContext, type RouteInput } from './http.js';

/** A download: the name it is saved under, and its text whole or as chunks read as they are sent. */
export interface CsvFile {
  filename: string;
  body: string | AsyncIterable<string>;
}

/** A download of any type: a CSV, a Markdown or PDF document. */
export interface DownloadFile {
  filename: string;
  contentType: string;
  body: string | Buffer | AsyncIterable<string>;
}

/**
 * Registers a contract route whose reply is a CSV file rather than the JSON envelope (the trade book, a
 * backtest's fills, the audit log). Authentication, the route's access level and the validation of its params
 * and query run first, and their refusals (and a handler's, thrown before it returns) answer in the envelope.
 */
export function mountCsv<R extends RouteDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  route: R,
  handler: (input: RouteInput<R> & { auth: AuthContext }) => Promise<CsvFile>,
): void {
  mountDownload(app, authenticate, route, async (input) => ({
    contentType: 'text/csv; charset=utf-8',
    ...(await handler(input)),
  }));
}

/** As `mountCsv`, for a file of the handler's content type. */
export function mountDownload<R extends RouteDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  route: R,
  handler: (input: RouteInput<R> & { auth: AuthContext }) => Promise<DownloadFile>,
): void {
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
    },
    onRequest: async (req) => {
      req.auth = await authenticate(bearerToken(req), req.ip);
      if (route.access === 'admin' && req.auth.role !== 'admin') throw forbidden('Admin access required');
    },
    handler: async (req, reply) => {
      if (!req.auth) throw unauthenticated(MSG.noAuthToken);
      // Validated and typed by the contract's schemas above.
      const input = { params: req.params, query: req.query, body: undefined, req, auth: req.auth };
      const file = await handler(input as RouteInput<R> & { auth: AuthContext });
      const body =
        typeof file.body === 'string' || Buffer.isBuffer(file.body)
          ? file.body
          : Readable.from(file.body, { objectMode: false, highWaterMark: 64 * 1024 });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
