import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import { resolveMarketConfig } from '../src/config/market.js';
import type { Database } from '../src/db/client.js';
import { createPasswordHasher } from '../src/domains/auth/passwords.service.js';
import type { Clock } from '../src/platform/clock.js';
import type { SecretBox } from '../src/platform/secrets.js';

/*
 * Consoles of one cluster inside a test process: each a whole app listening on loopback with Socket.IO on
 * a Redis, and the sockets a browser would open to them. Nothing reaches the market: no worker starts.
 */

export type ConsoleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ListeningConsole = Awaited<ReturnType<typeof buildApp>> & { url: string };

// Loopback's discard port, to be sure nothing reaches a market.
const nowhere = 'http://127.0.0.1:9';
const market = resolveMarketConfig(loadEnv({ MARKET_MODE: 'sandbox' }), {
  kiteApi: nowhere,
  kiteLogin: nowhere,
  kiteWs: nowhere,
  binanceApi: nowhere,
  binanceWs: nowhere,
});

export async function listeningConsole(
  database: Database,
  options: { redisUrl: string; clock: Clock; secrets: SecretBox; logger?: FastifyBaseLogger },
): Promise<ListeningConsole> {
  const built = await buildApp({
    database,
    clock: options.clock,
    secrets: options.secrets,
    hasher: createPasswordHasher(4),
    version: 'test',
    marketMode: 'sandbox',
    sessionTtlMs: 24 * 3600 * 1000,
    market,
    realtime: { enabled: true, redisUrl: options.redisUrl },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return { ...built, url: await built.app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A socket as a signed-in browser opens it, without reconnecting (a test decides what happens next). */
export function openSocket(url: string, token: string, opened: ConsoleSocket[]): Promise<ConsoleSocket> {
  const socket: ConsoleSocket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
