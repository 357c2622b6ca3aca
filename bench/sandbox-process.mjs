// A sandbox exchange in a process of its own, for benchmarks where it must not share the console's CPU (as
// Kite does not): started with fork(), it answers its parent's messages `{id, call, args}` with `{id, result}`.
import { createSandboxExchange } from '../server/dist/sandbox/sandbox-exchange.js';
import { KITE_REAL_RATE_LIMITS } from '../server/dist/sandbox/rate-limits.js';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts the sandbox in a child process with Kite's real limits; its urls and async control calls. */
export async function startSandboxProcess(seed) {
  const child = fork(fileURLToPath(import.meta.url), [String(seed)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let next = 0;
  let urls;
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox process ended (${code})`)));
    child.on('message', (m) => {
      if (m.urls) {
        urls = m.urls;
        resolve();
      } else waiting.get(m.id)?.(m.result);
    });
  });
  await ready;
  const call = (name, ...args) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, (result) => {
        waiting.delete(id);
        resolve(result);
      });
      child.send({ id, call: name, args });
    });
  return {
    urls,
    control: {
      issueKiteAccessToken: (userId, app) => call('issueKiteAccessToken', userId, app),
      rateRefusals: () => call('rateRefusals'),
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send({ id: -1, call: 'close', args: [] });
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}` && process.send) {
  const sandbox = await createSandboxExchange({ seed: process.argv[2] ?? 'bench', rateLimits: KITE_REAL_RATE_LIMITS });
  process.on('message', async ({ id, call, args }) => {
    if (call === 'close') {
      await sandbox.close();
      process.exit(0);
    }
    process.send({ id, result: sandbox.control[call](...args) });
  });
  process.send({ urls: sandbox.urls });
}
