import net from 'node:net';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The PostgreSQL a developer machine (and CI) has by default: trust auth, database `test`. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** Whether something answers on the local PostgreSQL port (a quarter-second look, no waiting). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(250, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// The integration suite runs on PostgreSQL too whenever one is reachable: TEST_DATABASE_URL, or the local
// default. TEST_DATABASE_URL=off keeps a run on SQLite only.
if (process.env.TEST_DATABASE_URL === undefined && (await isListening(5432))) {
  process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
}
const postgresUrl = process.env.TEST_DATABASE_URL === 'off' ? undefined : process.env.TEST_DATABASE_URL;

const contractSource = path.resolve(import.meta.dirname, 'packages/contract/src/index.ts');
const alias = { '@app/contract': contractSource };

const intProject = (name: string, dialect: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    include: ['server/src/**/*.int.test.ts'],
    env: { TEST_DB_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'server-unit',
          environment: 'node',
          include: ['server/src/**/*.test.ts'],
          exclude: ['server/src/**/*.int.test.ts'],
        },
      },
      intProject('server-int', 'sqlite'),
      // The same integration suite again on PostgreSQL when CI (or you) provide one.
      ...(postgresUrl ? [intProject('server-int-pg', 'postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
