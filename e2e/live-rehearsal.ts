// An operator's rehearsal set-up: a standalone sandbox exchange (`npm run sandbox`, built) and a console
// started with MARKET_MODE=live whose KITE_* and BINANCE_* roots point at it, each a real process on its
// own port, the console on its own fresh data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN } from './playwright.config.js';
import { freePort, run, waitForOk } from './processes.js';
import {
  SANDBOX_ADMIN_PASSWORD,
  SANDBOX_ADMIN_USER_ID,
  SANDBOX_KITE_API_KEY,
  SANDBOX_KITE_API_SECRET,
} from '../server/src/sandbox/sandbox-accounts.js';

export interface Rehearsal {
  /** The console's address, for a browser context's baseURL. */
  consoleUrl: string;
  /** The sandbox's address: its `/control/*` calls are the operator's fault switches. */
  sandboxUrl: string;
  stop(): Promise<void>;
}

export async function startRehearsal(): Promise<Rehearsal> {
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = run(['server/dist/sandbox/cli.js'], { SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: '127.0.0.1' });
  await waitForOk(`${sandboxUrl}/control/orders`, sandbox.child, sandbox.output);
  // The roots as the sandbox's banner prints them.
  const banner = sandbox.output();
  const root = (name: string) => {
    const match = new RegExp(`${name}=(\\S+)`).exec(banner);
    if (!match?.[1]) throw new Error(`no ${name} in the sandbox banner:\n${banner}`);
    return match[1];
  };

  const consolePort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-rehearsal-'));
  const consoleProcess = run(['server/dist/main.js'], {
    PORT: String(consolePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MARKET_MODE: 'live',
    KITE_API_ROOT: root('KITE_API_ROOT'),
    KITE_LOGIN_ROOT: root('KITE_LOGIN_ROOT'),
    KITE_WS_ROOT: root('KITE_WS_ROOT'),
    BINANCE_API_ROOT: root('BINANCE_API_ROOT'),
    BINANCE_WS_ROOT: root('BINANCE_WS_ROOT'),
    KITE_API_KEY: SANDBOX_KITE_API_KEY,
    KITE_API_SECRET: SANDBOX_KITE_API_SECRET,
    KITE_USER_ID: SANDBOX_ADMIN_USER_ID,
    KITE_PASSWORD: SANDBOX_ADMIN_PASSWORD,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  try {
    await waitForOk(`${consoleUrl}/api/health`, consoleProcess.child, consoleProcess.output);
  } catch (err) {
    await sandbox.stop();
    throw err;
  }
  return {
    consoleUrl,
    sandboxUrl,
    async stop() {
      await consoleProcess.stop();
      await sandbox.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
