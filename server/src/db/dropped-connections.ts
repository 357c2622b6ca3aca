import type pg from 'pg';

export interface DroppedConnectionLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A PostgreSQL connection that drops (a server restart or failover, `pg_terminate_backend`, a network cut)
 * is an 'error' event on its client, and on the pool too while the client is idle. Unheard, either ends
 * the process: one restart of PostgreSQL stopped every console of a cluster at once (issue 10). Heard, the
 * pool drops the broken client and opens a new one when next asked; a query that was running fails by
 * itself, and its caller answers for it (an API request gets 500, a worker retries on its next tick).
 */
export function surviveDroppedConnections(pool: pg.Pool, logger: DroppedConnectionLogger | undefined, purpose: string) {
  const heard = (err: Error) =>
    logger?.warn({ purpose, reason: err.message }, 'a PostgreSQL connection dropped; the next use opens another');
  pool.on('error', heard);
  // A client lent out (to a transaction, or holding mapping locks) has no pool listener meanwhile.
  pool.on('connect', (client) => client.on('error', heard));
}

/**
 * Whether an error says the connection itself went away (rather than the statement being refused):
 * PostgreSQL's connection-exception (08…) and operator-intervention (57P…: terminated by an operator, a
 * shutdown) classes, or node-pg's own words for a socket that closed under it.
 */
export function isDroppedConnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^(08|57P)/.test(code)) return true;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  return /Connection terminated|not queryable/.test(err.message);
}
