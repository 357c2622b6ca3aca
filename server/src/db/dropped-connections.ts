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
