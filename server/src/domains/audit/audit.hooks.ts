import { listRoutes, type AuditAction } from '@app/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import type { Snapshot, SnapshotsRepository } from './audit-snapshots.repository.js';
import {
  AUDIT_UNRECORDED,
  AUDITED_ROUTES,
  defaultObjectId,
  type AuditCall,
  type AuditedRoute,
} from './audit.catalog.js';
import { diffFields, secretChanges } from './audit.logic.js';

export interface AuditHooksDeps {
  snapshots: SnapshotsRepository;
  events: Pick<DomainEventBus, 'publish'>;
  clock: { now(): number };
  logger: Pick<FastifyBaseLogger, 'error'>;
}

interface Pending {
  key: string;
  entry: AuditedRoute;
  call: AuditCall;
  before: Snapshot | null;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** The reply's `data`, read back from the serialized envelope. */
function dataOf(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string') return null;
  try {
    return asRecord((JSON.parse(payload) as { data?: unknown }).data);
  } catch {
    return null;
  }
}

/**
 * The HTTP edge of the audit log. Every state-changing contract route is seen here, before its handler
 * (the object as it was) and as its reply leaves (the object as it is), and a successful call is published
 * as `audit.action`; a refused sign-in is published too. Awaited before the reply goes out, so a client that
 * got an answer finds its action on record. A failure here is logged and never fails the call: the action
 * itself already happened.
 */
export function installAuditHooks(app: FastifyInstance, { snapshots, events, clock, logger }: AuditHooksDeps) {
  const keys = new Map<string, string>();
  for (const { key, route } of listRoutes()) {
    if (route.method !== 'GET' && !AUDIT_UNRECORDED.includes(key)) keys.set(`${route.method} /api${route.path}`, key);
  }
  const pending = new WeakMap<FastifyRequest, Pending>();

  const entryOf = (key: string): AuditedRoute =>
    AUDITED_ROUTES[key] ?? { action: key as AuditAction, objectId: defaultObjectId };
  const objectIdOf = (entry: AuditedRoute, call: AuditCall) => (entry.objectId ?? defaultObjectId)(call);
  const load = (entry: AuditedRoute, call: AuditCall) =>
    entry.object ? snapshots.load(entry.object, objectIdOf(entry, call)) : Promise.resolve(null);

  app.addHook('preHandler', async (req) => {
    const key = keys.get(`${req.method} ${req.routeOptions.url}`);
    if (!key) return;
    const entry = entryOf(key);
    const call: AuditCall = { params: asRecord(req.params), body: asRecord(req.body), data: null, auth: req.auth };
    const before = await load(entry, call).catch((err: unknown) => {
      logger.error({ err, route: key }, 'audit: could not read the object before the action');
      return null;
    });
    pending.set(req, { key, entry, call, before });
  });

  async function succeeded(req: FastifyRequest, p: Pending, payload: unknown): Promise<Action> {
    const { entry, call } = p;
    call.data = dataOf(payload);
    const objectId = objectIdOf(entry, call);
    const after = await load(entry, call);
    const changes =
      entry.diff === false
        ? {}
        : {
            ...diffFields(p.before?.fields ?? null, after?.fields ?? null),
            ...secretChanges(call.body, entry.secrets ?? []),
          };
    const ownerUserId = after?.ownerUserId ?? p.before?.ownerUserId ?? null;
    return {
      at: clock.now(),
      // A sign-in has no session yet: its author is the user it signed in.
      actorUserId: req.auth?.userId ?? (p.key === 'auth.login' ? objectId : null),
      action: typeof entry.action === 'function' ? entry.action(call) : entry.action,
      objectType: entry.object ?? (AUDITED_ROUTES[p.key] ? null : p.key.split('.')[0]!),
      objectId: entry.object === 'kill_switch' ? null : objectId,
      ownerUserId,
      changes,
      detail: entry.detail?.(call) ?? null,
      ip: req.ip,
    };
  }

  /** A refused sign-in: the name tried (never the password), and whose account it was, if anyone's. */
  async function loginRefused(req: FastifyRequest, p: Pending, status: number): Promise<Action> {
    const tried = typeof p.call.body.username === 'string' ? p.call.body.username.trim().slice(0, 64) : '';
    const ownerUserId = tried ? await snapshots.userIdOf(tried) : null;
    return {
      at: clock.now(),
      actorUserId: null,
      actor: tried,
      action: 'auth.login_failed',
      objectType: ownerUserId === null ? null : 'user',
      objectId: ownerUserId,
      ownerUserId,
      changes: {},
      detail: { reason: status === 429 ? 'rate_limited' : 'invalid_credentials' },
      ip: req.ip,
    };
  }

  app.addHook('onSend', async (req, reply, payload) => {
    const p = pending.get(req);
    if (!p) return payload;
    pending.delete(req);
    const status = reply.statusCode;
    // A 429 is only counted (issue 27): the lock's start is on record once, a flood of refusals is not.
    const refusedLogin = p.key === 'auth.login' && status === 401;
    if (status >= 400 && !refusedLogin) return payload;
    try {
      const action = refusedLogin ? await loginRefused(req, p, status) : await succeeded(req, p, payload);
      await events.publish('audit.action', action);
    } catch (err) {
      logger.error({ err, route: p.key }, 'audit: could not record the action');
    }
    return payload;
  });
}

type Action = DomainEvents['audit.action'];
