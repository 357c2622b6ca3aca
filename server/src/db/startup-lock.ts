import pg from 'pg';

const STARTUP_LOCK: [number, number] = [0x52_44_58, 0x42_4f_4f]; // "RDX", "BOO"

/**
 * Consoles started together on one empty PostgreSQL database take turns at their first steps (migrate, seed
 * the reference rows, create the first admin): an operator saw two of three exit on a duplicate instrument
 * when they raced. A session advisory lock on a connection of its own; the release closes the connection,
 * which frees the lock even if the release itself were never reached (the process died). SQLite serves one
 * process: nothing to wait for.
 */
export async function takeStartupTurn(url: string | undefined): Promise<() => Promise<void>> {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return () => Promise.resolve();
  const client = new pg.Client({ connectionString: url });
  // A connection that drops frees the turn; the start under way carries on and fails on its own if it must.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('select pg_advisory_lock($1, $2)', STARTUP_LOCK);
  return () => client.end().catch(() => undefined);
}
