import { spawnSync } from 'node:child_process';

/**
 * libpq's environment for a postgres:// URL: pg_dump reads the password from there rather than from its
 * command line, where every local user could see it in the process list.
 */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** How to back up and restore the PostgreSQL database by hand; it names $DATABASE_URL, never its password. */
export function pgInstructions(file: string): string {
  return [
    'PostgreSQL: back up with pg_dump (consistent while the console runs), restore with pg_restore:',
    `  pg_dump --format=custom --no-owner --file=${file} "$DATABASE_URL"`,
    '  createdb rdx_restored   # a new, empty database',
    `  pg_restore --no-owner --dbname=postgres://…/rdx_restored ${file}`,
    'then point DATABASE_URL at the restored database and start the console. See docs/DEPLOY.md.',
  ].join('\n');
}

/** Runs pg_dump if it is installed; `null` when it is not (the caller prints the instructions instead). */
export function runPgDump(url: string, file: string): { ok: boolean; message: string } | null {
  const found = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (found.error) return null;
  const run = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], {
    env: { ...process.env, ...libpqEnv(url) },
    encoding: 'utf8',
  });
  if (run.status === 0) return { ok: true, message: `${found.stdout.trim()} wrote ${file}` };
  return { ok: false, message: (run.stderr || String(run.error ?? 'pg_dump failed')).trim() };
}
