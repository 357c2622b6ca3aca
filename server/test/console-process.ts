import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.js';
import { createSandboxExchange, type SandboxExchange } from '../src/sandbox/sandbox-exchange.js';
import { ChildServer, freePort, sandboxConsoleEnv } from './child-server.js';
import { createScratchDatabase, dialect } from './test-app.js';

/**
 * A real console process for tests that kill it and start it again (kill -9 stories): its own data directory, a
 * scratch PostgreSQL database on the -pg run, a sandbox exchange of the test's (it outlives the console), and the
 * console's database opened beside it to read what it wrote. `close` stops and removes them all.
 */
export async function killableConsole(
  name: string,
  admin: { username: string; password: string },
): Promise<{ sandbox: SandboxExchange; server: ChildServer; database: Database; close: () => Promise<void> }> {
  const sandbox = await createSandboxExchange({ seed: name });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const scratch = dialect === 'postgres' ? await createScratchDatabase(name.replace(/-/g, '_')) : null;
  const server = new ChildServer(await freePort(), {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...sandboxConsoleEnv(sandbox.urls, admin),
  });
  await server.start();
  const database = openDatabase(
    scratch ? { url: scratch.url, pgPoolSize: 2 } : { sqliteFile: path.join(dataDir, 'console.db') },
  );
  return {
    sandbox,
    server,
    database,
    close: async () => {
      await server.stop();
      await database.close();
      await sandbox.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
