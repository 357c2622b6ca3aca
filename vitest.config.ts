import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
      ...(process.env.TEST_DATABASE_URL ? [intProject('server-int-pg', 'postgres')] : []),
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
