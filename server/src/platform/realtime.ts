import type { ClientToServerEvents, Role, ServerToClientEvents } from '@app/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { DomainEventBus } from './domain-events.js';
import { closeRedis, firstConnection, openRedis, publisherDroppingWhileDown, type RedisClient } from './redis.js';

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
 * Rooms: `user:<id>`, `admins`, and `session:<id>` (so a revocation reaches sockets on every instance).
 */
export interface RealtimeHub {
  publish<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void;
  /** To the owner and every admin. */
  toUserAndAdmins<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  /** Whether anyone would receive an event for this user (the owner or an admin is connected somewhere). */
  hasAudience(userId: number): boolean;
  /** To every signed-in socket, on every instance. */
  toEveryone<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Closes the session's sockets on every instance (through the Redis adapter when there is one). */
  disconnectSession(sessionId: number): void;
  /** Closes every socket of the user, on every instance. */
  disconnectUser(userId: number): void;
  connectedCount(): number;
}

export const userRoom = (id: number) => `user:${id}`;
export const ADMINS_ROOM = 'admins';
export const sessionRoom = (id: number) => `session:${id}`;

/** How often each instance checks that its sockets' sessions are still live (expired, or a missed revocation). */
export const SESSION_SWEEP_MS = 2000;

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
    toEveryone: (event, payload) => void sent.push({ rooms: [], event, payload }),
    hasAudience: () => true,
    disconnectSession: () => undefined,
    disconnectUser: () => undefined,
    connectedCount: () => 0,
  };
}

export interface SocketServerOptions {
  httpServer: HttpServer;
  authenticate: (token: string | undefined) => Promise<SocketData>;
  /** Which of these sessions are still live; asked once per connection and every SESSION_SWEEP_MS for all. */
  liveSessions: (sessionIds: number[]) => Promise<Set<number>>;
  logger: FastifyBaseLogger;
  redisUrl?: string | undefined;
  /** The Redis channels' prefix: one per database, so consoles (and test runs) sharing a Redis stay apart. */
  redisKey?: string | undefined;
}

/** Socket.IO on the API host. Every connection must present a live session token. */
export async function createSocketServer(
  opts: SocketServerOptions,
): Promise<RealtimeHub & { closeSockets(): void; close(): Promise<void> }> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    opts.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
    },
  );
  const redisClients: RedisClient[] = [];
  if (opts.redisUrl) {
    // Both reconnect by themselves (redis.ts). While Redis is away events reach this instance's sockets
    // only; the subscriber renews its subscriptions once back.
    const pub = openRedis(opts.redisUrl, { logger: opts.logger, purpose: 'socket events' });
    const sub = openRedis(opts.redisUrl, { logger: opts.logger, purpose: 'socket events', queueWhileDown: true });
    let dropped = 0;
    const publisher = publisherDroppingWhileDown(pub, () => {
      // One line per outage, not per event: a busy close would write thousands.
      if (dropped++ === 0) opts.logger.warn({}, 'Redis down: events reach this instance only until it is back');
    });
    pub.on('ready', () => (dropped = 0));
    redisClients.push(pub, sub);
    // The adapter subscribes as it is made, so it is made once the subscriber is connected: subscriptions
    // queued while Redis was away were never heard (a console started during an outage missed every
    // other console's events for good). Until then the sockets use the in-memory adapter.
    const useRedis = () => {
      // Sockets keep the adapter they were made with: those connected meanwhile have their connection
      // closed, so their browsers reconnect (and read their screens again) on the Redis adapter.
      const meanwhile = [...io.sockets.sockets.values()];
      io.adapter(createAdapter(publisher, sub, opts.redisKey ? { key: opts.redisKey } : {}));
      for (const socket of meanwhile) socket.conn.close();
    };
    // Subscribed before the first request is served, as long as Redis answers within a few seconds.
    if (await firstConnection(sub, 5000)) {
      useRedis();
    } else {
      opts.logger.warn({}, 'starting without Redis: events reach this instance only');
      sub.once('ready', () => {
        useRedis();
        opts.logger.info({}, 'events shared through Redis from now on');
      });
    }
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
    const { userId, role, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    if (role === 'admin') void socket.join(ADMINS_ROOM);
    // SPEC's client announces {userId, userRole}; we already know who it is and ignore the claim. Clients
    // have no way to join a room: rooms are only ever joined here, from the token's identity.
    socket.on('authenticate', () => undefined);
    // A session revoked between the handshake's lookup and the joins above broadcast its disconnect before
    // this socket was in its room; looking again now that it is closes that gap.
    opts
      .liveSessions([sessionId])
      .then((live) => {
        if (!live.has(sessionId)) socket.disconnect(true);
      })
      .catch((err: unknown) => opts.logger.warn({ err }, 'socket session check failed'));
  });

  /**
   * Closes this instance's sockets whose session expired or ended without a broadcast reaching us: expiry
   * is never announced, and a revocation can race a handshake or a Redis hiccup.
   */
  let sweeping = false;
  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      const sockets = [...io.sockets.sockets.values()];
      if (sockets.length === 0) return;
      const live = await opts.liveSessions([...new Set(sockets.map((s) => s.data.sessionId))]);
      for (const socket of sockets) if (!live.has(socket.data.sessionId)) socket.disconnect(true);
    } catch (err) {
      opts.logger.warn({ err }, 'socket session sweep failed');
    } finally {
      sweeping = false;
    }
  }
  const sweeper = setInterval(() => void sweep(), SESSION_SWEEP_MS);
  sweeper.unref();

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
    toEveryone(event, payload) {
      (io.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    connectedCount: () => io.sockets.sockets.size,
    closeSockets() {
      clearInterval(sweeper);
      // Each socket's connection is closed, not the socket itself: its browser reconnects (through the
      // proxy, to another instance) and catches up. disconnectSockets() would tell the browser not to come
      // back, and through the Redis adapter it would tell every instance's browsers so.
      io.engine.close();
    },
    async close() {
      clearInterval(sweeper);
      io.engine.close();
      await Promise.all(redisClients.map(closeRedis));
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
  events.subscribe('rdx.service_changed', ({ isRunning }) => realtime.toEveryone('rdx_service_changed', { isRunning }));
  events.subscribe('mapping.changed', ({ mappingId, userId }) =>
    realtime.toUserAndAdmins(userId, 'strategy_changed', { userStrategyMappingId: mappingId }),
  );
  events.subscribe('sessions.revoked', ({ sessionIds }) => {
    for (const id of sessionIds) realtime.disconnectSession(id);
  });
  // A deleted user's sessions vanished with them (no ids to revoke); a role change also revoked them.
  events.subscribe('user.access_changed', ({ userId }) => realtime.disconnectUser(userId));
  // An alert is the recipient's own: admins get their own copies of the alerts meant for them.
  events.subscribe('alert.created', ({ userId, alert }) =>
    realtime.publish([userRoom(userId)], 'alert_created', { alert }),
  );
  events.subscribe('alerts.read', ({ userId, unread }) =>
    realtime.publish([userRoom(userId)], 'alerts_read', { unread }),
  );
  events.subscribe('backtest.progress', ({ userId, id, status, progress }) =>
    realtime.publish([userRoom(userId)], 'backtest_progress', { id, status, progress }),
  );
  events.subscribe('realtime.test_event', ({ userId, message, sentAt }) =>
    realtime.publish([userRoom(userId)], 'test_event', { message, sentAt }),
  );
}
