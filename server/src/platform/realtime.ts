import type { ClientToServerEvents, Role, ServerToClientEvents } from '@app/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { DomainEventBus } from './domain-events.js';

/** What a socket carries after the handshake; identity comes only from the session token. */
interface SocketData {
  userId: number;
  role: Role;
  sessionId: number;
}

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How domains publish realtime events without importing socket.io (STYLE "Realtime").
 * Rooms: `user:<id>` and `admins`.
 */
export interface RealtimeHub {
  publish<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void;
  /** To the owner and every admin. */
  toUserAndAdmins<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  /** Whether anyone would receive an event for this user (the owner or an admin is connected somewhere). */
  hasAudience(userId: number): boolean;
  disconnectSession(sessionId: number): void;
  connectedCount(): number;
}

export const userRoom = (id: number) => `user:${id}`;
export const ADMINS_ROOM = 'admins';

/** A hub that drops events: for tests and for roles that run without the HTTP server. */
export function createNullRealtime(): RealtimeHub & {
  sent: Array<{ rooms: string[]; event: string; payload: unknown }>;
} {
  const sent: Array<{ rooms: string[]; event: string; payload: unknown }> = [];
  return {
    sent,
    publish: (rooms, event, payload) => void sent.push({ rooms, event, payload }),
    toUserAndAdmins: (userId, event, payload) =>
      void sent.push({ rooms: [userRoom(userId), ADMINS_ROOM], event, payload }),
    hasAudience: () => true,
    disconnectSession: () => undefined,
    connectedCount: () => 0,
  };
}

export interface SocketServerOptions {
  httpServer: HttpServer;
  authenticate: (token: string | undefined) => Promise<SocketData>;
  logger: FastifyBaseLogger;
  redisUrl?: string | undefined;
}

/** Socket.IO on the API host. Every connection must present a live session token. */
export async function createSocketServer(opts: SocketServerOptions): Promise<RealtimeHub & { close(): Promise<void> }> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    opts.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
    },
  );
  const redisClients: Array<{ quit(): Promise<unknown> }> = [];
  if (opts.redisUrl) {
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === 'string' ? auth.token : undefined;
    opts
      .authenticate(token)
      .then((who) => {
        socket.data = who;
        next();
      })
      .catch(() => next(new Error('No authentication token found')));
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    if (socket.data.role === 'admin') void socket.join(ADMINS_ROOM);
    // SPEC's client announces {userId, userRole}; we already know who it is and ignore the claim.
    socket.on('authenticate', () => undefined);
  });

  const publish: RealtimeHub['publish'] = (rooms, event, payload) => {
    if (rooms.length === 0) return;
    // socket.io's typed emit cannot follow a generic event name; the hub's signature keeps callers typed.
    (io.to(rooms).emit as (e: string, p: unknown) => boolean)(event, payload);
  };

  // With the Redis adapter other instances may hold the audience, so only a lone instance may skip.
  const hasAudience = (userId: number) => {
    if (opts.redisUrl) return true;
    const rooms = io.sockets.adapter.rooms;
    return (rooms.get(userRoom(userId))?.size ?? 0) > 0 || (rooms.get(ADMINS_ROOM)?.size ?? 0) > 0;
  };

  return {
    publish,
    hasAudience,
    toUserAndAdmins(userId, event, payload) {
      if (hasAudience(userId)) publish([userRoom(userId), ADMINS_ROOM], event, payload);
    },
    disconnectSession(sessionId) {
      for (const socket of io.sockets.sockets.values()) {
        if (socket.data.sessionId === sessionId) socket.disconnect(true);
      }
    },
    connectedCount: () => io.sockets.sockets.size,
    async close() {
      // io.close() would also close the HTTP server, which Fastify closes itself afterwards.
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

/**
 * The realtime side of the domain events: what reaches browsers, and sockets of ended sessions closed.
 * Domains never call the socket layer; they publish, and this subscribes (DESIGN §10).
 */
export function bridgeEventsToSockets(events: DomainEventBus, realtime: RealtimeHub): void {
  events.subscribe('fills.booked', ({ transactions }) => {
    for (const transaction of transactions) {
      realtime.toUserAndAdmins(transaction.user_id, 'transaction_created', { transaction });
    }
  });
  events.subscribe('positions.changed', ({ positions }) => {
    for (const position of positions) realtime.toUserAndAdmins(position.user_id, 'positions_updated', { position });
  });
  events.subscribe('mapping.status_changed', ({ mapping }) =>
    realtime.toUserAndAdmins(mapping.user_id, 'strategy_status_changed', {
      userStrategyMappingId: mapping.id,
      strategy: mapping,
    }),
  );
  events.subscribe('sessions.revoked', ({ sessionIds }) => {
    for (const id of sessionIds) realtime.disconnectSession(id);
  });
  events.subscribe('realtime.test_event', ({ userId, message, sentAt }) =>
    realtime.publish([userRoom(userId)], 'test_event', { message, sentAt }),
  );
}
