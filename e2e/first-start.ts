// A console's very first start, as an operator runs it without ADMIN_PASSWORD: the built server on a fresh
// data directory prints the admin's generated password once, on its own port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, run, waitForOk } from './processes.js';

export interface FirstStart {
  url: string;
  admin: { username: string; password: string };
  stop(): Promise<void>;
}

export async function startFirstTime(adminUsername: string): Promise<FirstStart> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-first-start-'));
  const server = run(['server/dist/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: adminUsername,
    ADMIN_PASSWORD: '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    SANDBOX_PORT: '',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${url}/api/health`, server.child, server.output);
    const printed = new RegExp(`Admin account created: ${adminUsername} / (\\S+)`).exec(server.output());
    if (!printed?.[1]) throw new Error(`no admin password printed:\n${server.output()}`);
    return { url, admin: { username: adminUsername, password: printed[1] }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
