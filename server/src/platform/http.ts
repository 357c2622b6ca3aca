import type { DataOf, ErrorBody, RouteDef, Role } from '@app/contract';
import { envelope, labelOf } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, databaseRefusal, forbidden } from './errors.js';

/** Who is calling, taken from the session row behind the bearer token. */
export interface AuthContext {
  userId: number;
  role: Role;
  sessionId: number;
}

/** Resolves a bearer token to its session, or throws a 401 AppError. */
export type Authenticate = (token: string | undefined, ip: string) => Promise<AuthContext>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<R> =
  R extends RouteDef<infer P, infer Q, infer B, z.ZodType>
    ? { params: Out<P>; query: Out<Q>; body: Out<B>; req: FastifyRequest }
    : never;
type Auth<R> = R extends { access: 'public' } ? AuthContext | null : AuthContext;

/** A handler's answer when it needs a message or a status other than 200. */
export class Replied<T> {
  constructor(
    readonly data: T,
    readonly message?: string,
    readonly status = 200,
  ) {}
}
export const replied = <T>(data: T, message?: string, status = 200) => new Replied(data, message, status);

export type Handler<R extends RouteDef> = (
  input: Input<R> & { auth: Auth<R> },
) => Promise<DataOf<R> | Replied<DataOf<R>>>;

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Registers one contract route: auth by its access level before anything else runs,
 * then zod validation of params/query/body, then the handler, then the success envelope.
 */
export function mount<R extends RouteDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  route: R,
  handler: Handler<R>,
): void {
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { 200: envelope(route.data), 201: envelope(route.data) },
    },
    onRequest: async (req) => {
      req.auth = null;
      if (route.access === 'public') return;
      req.auth = await authenticate(bearerToken(req), req.ip);
      if (route.access === 'admin' && req.auth.role !== 'admin') throw forbidden('Admin access required');
    },
    handler: async (req, reply: FastifyReply) => {
      const input = {
        params: req.params,
        query: req.query,
        body: req.body,
        req,
        auth: req.auth,
      } as Input<R> & { auth: Auth<R> };
      const result = await handler(input);
      if (result instanceof Replied) {
        return reply
          .code(result.status)
          .send({ success: true, data: result.data, ...(result.message ? { message: result.message } : {}) });
      }
      return reply.send({ success: true, data: result });
    },
  });
}

/** A validation message that names its field the way the screen labels it. */
function fieldMessage(path: string, message: string): string {
  if (!path) return message;
  const field = path.split('/').filter(Boolean).join('.');
  const label = labelOf(field.split('.').pop() ?? field);
  return message.includes(label) || message.includes(field) ? message : `${label}: ${message}`;
}

/** Maps every thrown error to SPEC's envelope; 500 is only for our own faults. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let body: ErrorBody = { success: false, error: 'Internal server error', code: 'INTERNAL' };
    const refusal = databaseRefusal(err);
    if (err instanceof AppError) {
      status = err.status;
      body = { success: false, error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) };
      if (status === 429 && typeof err.details === 'object' && err.details && 'retryAfterSeconds' in err.details) {
        void reply.header('retry-after', String(err.details.retryAfterSeconds));
      }
    } else if (refusal) {
      // A value got past a service's own checks (two requests racing to the same unique row, a reference
      // deleted meanwhile, a value the column cannot hold): the caller hears 409/400, never a 500.
      status = refusal.status;
      body = { success: false, error: refusal.message, code: refusal.code };
      req.log.warn({ dbCode: (err as { code?: unknown }).code, route: req.routeOptions.url }, 'database refused');
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const issues = err.validation.map((v) => ({
        field: v.instancePath.split('/').filter(Boolean).join('.'),
        message: v.message ?? 'is invalid',
      }));
      const first = err.validation[0];
      body = {
        success: false,
        error: first ? fieldMessage(first.instancePath, first.message ?? 'is invalid') : 'Invalid request',
        code: 'VALIDATION_FAILED',
        details: { issues },
      };
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { success: false, error: err.message, code: status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED' };
    }
    if (status >= 500) req.log.error({ err }, 'request failed');
    return reply.code(status).send(body);
  });
}

/** How a domain module adds its routes: the composition root calls it with the one `authenticate`. */
export type RegisterRoutes = (app: FastifyInstance, authenticate: Authenticate) => void;
