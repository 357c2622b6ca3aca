import type { DataOf, ErrorBody, RouteDef, Role } from '@app/contract';
import { envelope, labelOf, UNKNOWN_ROUTE_ERROR } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest, databaseRefusal, forbidden } from './errors.js';
import { SerialisedReply } from './serialised-reply.js';

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
/** What a route's handler receives: its validated params, query and body, and the request. */
export type RouteInput<R> = Input<R>;

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
) => Promise<DataOf<R> | Replied<DataOf<R>> | SerialisedReply<R>>;

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Registers one contract route: auth by its access level before anything else runs,
 * then zod validation of params/query/body, then the handler, then the success envelope (checked against the
 * route's schema as it is written, or, for a `SerialisedReply`, checked and written once before).
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
      response: { 200: envelope(route.data), 201: envelope(route.data), 202: envelope(route.data) },
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
      if (result instanceof SerialisedReply) {
        // Checked against this route's schema when it was made; another route's would skip this one's check.
        if (result.route !== route) throw new Error(`A reply made for ${result.route.path} was sent on ${route.path}`);
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (!takesGzip(req.headers['accept-encoding'])) return reply.send(result.body);
        return reply.header('content-encoding', 'gzip').send(await result.gzipped());
      }
      if (result instanceof Replied) {
        return reply
          .code(result.status)
          .send({ success: true, data: result.data, ...(result.message ? { message: result.message } : {}) });
      }
      return reply.send({ success: true, data: result });
    },
  });
}

/**
 * Whether a request's Accept-Encoding takes gzip: named with a q above 0, or `*` with a q above 0 where gzip
 * is not named (a named coding's own q wins over `*`'s, RFC 9110 §12.5.3).
 */
export function takesGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const qOf = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    qOf.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const q = qOf.get('gzip') ?? qOf.get('*') ?? 0;
  return q > 0;
}

/** A validation message that names its field the way the screen labels it. */
function fieldMessage(path: string, message: string): string {
  if (!path) return message;
  const field = path.split('/').filter(Boolean).join('.');
  const label = labelOf(field.split('.').pop() ?? field);
  return message.includes(label) || message.includes(field) ? message : `${label}: ${message}`;
}

/**
 * A body read by a schema chosen at run time (a strategy type's configuration): parsed, or refused as a route's
 * own schema refuses, 400 naming the first field at fault with every issue in `details`.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const first = parsed.error.issues[0];
  const message = first ? fieldMessage(first.path.map(String).join('/'), first.message) : 'Invalid request';
  throw badRequest(message, { issues });
}

/** What a request Fastify refused before any route ran is told, by status: never the request's own text. */
const FRAMEWORK_ERRORS: Record<number, Pick<ErrorBody, 'error' | 'code'>> = {
  400: { error: 'The request could not be read: send valid JSON to a valid address', code: 'VALIDATION_FAILED' },
  404: { error: UNKNOWN_ROUTE_ERROR, code: 'NOT_FOUND' },
  405: { error: 'This method is not allowed here', code: 'VALIDATION_FAILED' },
  413: { error: 'The request is too large', code: 'VALIDATION_FAILED' },
  414: { error: 'The address is too long', code: 'VALIDATION_FAILED' },
  415: { error: 'Send JSON (Content-Type: application/json)', code: 'VALIDATION_FAILED' },
  429: { error: 'Too many requests: try again shortly', code: 'RATE_LIMITED' },
};

/** SPEC's error envelope for a refusal of the framework's (or a plugin's) with `status`. */
export function frameworkErrorBody(status: number): ErrorBody {
  const known = FRAMEWORK_ERRORS[status] ?? { error: 'The request was refused', code: 'VALIDATION_FAILED' };
  return { success: false, ...known };
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot decode (`/api/%`) is otherwise answered by Fastify
 * itself, with the path in the message and none of our headers. `headersFor` gives the security headers.
 */
export function answerFrameworkError(headersFor: (req: FastifyRequest) => Record<string, string>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 400;
    void reply
      .code(status)
      .headers(headersFor(req))
      .send(status >= 500 ? INTERNAL : frameworkErrorBody(status));
  };
}

const INTERNAL: ErrorBody = { success: false, error: 'Internal server error', code: 'INTERNAL' };

/** Maps every thrown error to SPEC's envelope; 500 is only for our own faults. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let body: ErrorBody = INTERNAL;
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
      // Fastify's own refusals (bad JSON, too large, wrong media type, …): their messages repeat what the
      // request sent (a JSON parser's excerpt, the content type), so the caller gets our words for the status.
      status = err.statusCode;
      body = frameworkErrorBody(status);
    }
    if (status >= 500) req.log.error({ err }, 'request failed');
    return reply.code(status).send(body);
  });
}

/** How a domain module adds its routes: the composition root calls it with the one `authenticate`. */
export type RegisterRoutes = (app: FastifyInstance, authenticate: Authenticate) => void;
