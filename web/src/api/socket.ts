import type { ClientToServerEvents, ServerToClientEvents, User } from '@app/contract';
import { SOCKET_OPTIONS } from '@app/contract';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The realtime connection to the API host (SPEC §7, §9): the session token rides in the handshake,
 * which is what the server trusts; `authenticate` is still sent for SPEC's protocol.
 * Reconnects after 1 s, up to 5 attempts, 20 s connection time-out.
 */
export function connectRealtime(token: string, user: Pick<User, 'id' | 'role'>): RealtimeSocket {
  const socket: RealtimeSocket = io({
    path: '/socket.io',
    auth: { token },
    reconnection: true,
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
    timeout: SOCKET_OPTIONS.timeout,
  });
  socket.on('connect', () => socket.emit('authenticate', { userId: user.id, userRole: user.role }));
  return socket;
}
