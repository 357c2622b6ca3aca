import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/child-server.js';

/*
 * Issue 27: a console told to stop while the reader of its output goes away at the same moment (a supervisor
 * stopping both, `npm start | tee` ended together) must still stop. It used to hang for good: every log line
 * after the reader left was retried every 100 ms on the closed pipe, on the main thread, so even the 10 s
 * forced exit never ran. Here the real console is started, its stdout's reader closes, and the signal comes.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Far beyond the 10 s the console allows itself: the test waits for the exit, it does not time it. */
const EXIT_WAIT_MS = 30_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A console on a fresh data directory, its stdout piped to this test; resolves once it says it is ready. */
async function readyConsole(): Promise<{ child: ChildProcess; errors: () => string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-stop-'));
  dirs.push(dir);
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_PASSWORD: 'stop-test-password',
      SEED_DEMO: '0',
      // Every step of the stop logs a line, each one a write to the closed pipe.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`console exited (${code}): ${out}${stderr}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      // Logged once its signal handlers are in place.
      if (out.includes('"msg":"console ready"')) resolve();
    });
  });
  return { child, errors: () => stderr };
}

/** The exit code once the process ends, or 'still running' if it has not after EXIT_WAIT_MS. */
function exitOf(child: ChildProcess): Promise<number | string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running');
    }, EXIT_WAIT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}

describe.skipIf(process.env.TEST_DB_DIALECT === 'postgres')('a stop while the output has no reader', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`ends cleanly on ${signal} after the reader of its output went away`, { timeout: 90_000 }, async () => {
      const { child, errors } = await readyConsole();
      child.stdout?.destroy(); // the reader goes away: every later log line meets a closed pipe
      const exited = exitOf(child);
      child.kill(signal);
      // 0: the whole stop ran (workers, HTTP, database), not the forced exit's 1.
      expect(await exited).toBe(0);
      expect(errors()).toBe('');
    });
  }
});
