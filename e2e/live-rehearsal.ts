// An operator's rehearsal set-up: a standalone sandbox exchange (`npm run sandbox`, built) and a console
// started with MARKET_MODE=live whose KITE_* and BINANCE_* roots point at it, each a real process on its
// own port, the console on its own fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './playwright.config.js';
import {
  SANDBOX_ADMIN_PASSWORD,
  SANDBOX_ADMIN_USER_ID,
  SANDBOX_KITE_API_KEY,
  SANDBOX_KITE_API_SECRET,
} from '../server/src/sandbox/sandbox-accounts.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until `url` answers 200 (the process is up), or fails with what the process wrote. */
async function waitForOk(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, output: () => output, stop };
}

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
