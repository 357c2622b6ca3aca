// A real console process (server/dist/main.js) for load benchmarks, and an autocannon run against it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A console process serving the API only (`SERVICES=api`: no workers) on the given data; `env` overrides. */
export async function startConsole(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVICES: 'api',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

/** Signs in through the API; returns the bearer header. */
export async function signIn(url, username, password) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = await login.json();
  return { authorization: `Bearer ${data.token}` };
}

/** autocannon for `seconds` at `connections` (optionally at a fixed overall rate), after a short drain. */
export async function load(url, headers, { connections, seconds, overallRate }) {
  // Let the previous run's in-flight requests drain, so one run's queue is not measured in the next.
  await new Promise((r) => setTimeout(r, 2000));
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers, ...(overallRate ? { overallRate } : {}) },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export const describeLoad = (r) =>
  `${Math.round(r.requests.average).toLocaleString('en-US')} req/s, p99 ${r.latency.p99} ms` +
  (r.non2xx || r.errors ? `, ${r.non2xx + r.errors} errors` : '');
