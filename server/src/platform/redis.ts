import { createClient } from 'redis';

/*
 * Redis connections that outlive Redis going away (issue 10: "the console keeps working when a feed or
 * broker drops"; Redis is one of those). Without an 'error' listener a dropped connection is an unhandled
 * 'error' event and ends the process: every console of a cluster went down with one Redis restart. Here
 * each client logs the outage once, reconnects by itself with a capped backoff, and says when it is back.
 * What works meanwhile is each user's choice: socket events stay on their own instance (realtime.ts),
 * failed logins are counted in the database (login-failures.repository.ts).
 */

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisOptions {
  logger: RedisLogger;
  /** What the connection is for, in its log lines ("socket events", "failed logins"). */
  purpose: string;
  /**
   * Queue commands while disconnected (and send them once back) instead of failing them at once. Only a
   * subscriber wants that (its subscriptions); anything a request waits on must fail fast.
   */
  queueWhileDown?: boolean;
}

/** Waits between reconnection attempts: quick at first, then every 5 s for as long as Redis stays away. */
export const reconnectDelayMs = (attempt: number) => Math.min(100 * 2 ** attempt, 5000);

/**
 * A client that starts connecting at once and never gives up; the first connection is not awaited, so a
 * console starts (and trades) while Redis is still away. `isReady` says whether it can be used now.
 */
export function openRedis(url: string, options: RedisOptions): RedisClient {
  const client = createClient({
    url,
    disableOfflineQueue: !options.queueWhileDown,
    socket: { reconnectStrategy: (attempt) => reconnectDelayMs(attempt) },
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    // The message only (e.g. "connect ECONNREFUSED 10.0.0.7:6379"): never the URL, which may hold a password.
    options.logger.warn({ purpose: options.purpose, reason: err.message }, 'Redis unreachable; retrying');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.logger.info({ purpose: options.purpose }, 'Redis reachable again');
  });
  // Failures surface as 'error' events above and are retried by the reconnect strategy.
  client.connect().catch(() => undefined);
  return client;
}

/**
 * Resolves once the client is connected, or after `timeoutMs` with false: a console starting while Redis
 * is away waits this long for it, then starts without it (the client keeps trying).
 */
export function firstConnection(client: RedisClient, timeoutMs: number): Promise<boolean> {
  if (client.isReady) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve(true);
    }
    client.once('ready', onReady);
  });
}

/** Closes a client whatever its state: waits for its replies when connected, else stops its retrying. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) {
    await client.close().catch(() => client.destroy());
  } else if (client.isOpen) {
    client.destroy();
  }
}

/**
 * The Socket.IO adapter's publisher: it publishes without awaiting, so a message Redis cannot take now
 * (client offline) would be an unhandled rejection. Here it is counted as dropped instead: the sockets of
 * this instance still got it, and other instances' pages show it on their next read.
 */
export function publisherDroppingWhileDown(client: RedisClient, onDropped: (err: unknown) => void): RedisClient {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'publish') {
        return (...args: Parameters<RedisClient['publish']>) => target.publish(...args).catch(onDropped);
      }
      const value: unknown = Reflect.get(target, key, target);
      // The client's methods use its private fields: they must run with the client itself as `this`.
      if (typeof value !== 'function' || key === 'constructor') return value;
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}
