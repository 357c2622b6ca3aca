import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxUrls } from '../src/sandbox/sandbox-exchange.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * What a child console needs to trade against a sandbox exchange: its Kite and Binance addresses, no demo
 * data, and a first admin the test signs in as.
 */
export function sandboxConsoleEnv(
  urls: SandboxUrls,
  admin: { username: string; password: string },
): Record<string, string> {
  return {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: '0',
    MARKET_MODE: 'sandbox',
    KITE_API_ROOT: urls.kiteApi,
    KITE_LOGIN_ROOT: urls.kiteLogin,
    KITE_WS_ROOT: urls.kiteWs,
    BINANCE_API_ROOT: urls.binanceApi,
    BINANCE_WS_ROOT: urls.binanceWs,
  };
}

/** One call to a child console's API (a POST without a body sends `{}`), answered as the API answers. */
export async function callConsole<T>(
  server: Pick<ChildServer, 'url'>,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; data: T; error?: string }> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : method === 'POST' ? { body: '{}' } : {}),
  });
  const json = (await res.json()) as { data: T; error?: string };
  return { status: res.status, data: json.data, error: json.error };
}

/** Signs in at a child console; the session token. */
export async function signInAt(server: Pick<ChildServer, 'url'>, username: string, password: string) {
  return (await callConsole<{ token: string }>(server, null, 'POST', '/auth/login', { username, password })).data.token;
}

/**
 * A user an admin just created at a child console replaces the admin's password (`adminSet`) with their own
 * (issue 27: a password an admin sets must be changed at the first sign-in); their session token.
 */
export async function chooseOwnPasswordAt(
  server: Pick<ChildServer, 'url'>,
  username: string,
  adminSet: string,
  own: string,
) {
  const token = await signInAt(server, username, adminSet);
  const body = { current_password: adminSet, new_password: own };
  const res = await callConsole(server, token, 'POST', '/auth/change-password', body);
  if (res.status !== 200) throw new Error(`change-password: ${res.status} ${res.error ?? ''}`);
  return token;
}

/**
 * The built server (`server/dist/main.js`) as a real child process, for kill-and-restart tests.
 * `entry` picks another script relative to the repository root (`scripts/start.mjs` is `npm start`).
 */
export class ChildServer {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry = 'server/dist/main.js',
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [path.join(repoRoot, this.entry)], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${this.output}`))),
    );
    const ready = (async () => {
      for (;;) {
        try {
          const res = await fetch(`${this.url}/api/health`);
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await Promise.race([ready, exited]);
  }

  /** SIGKILL: no shutdown hooks run, as in a crash or an OOM kill. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  /** SIGTERM, as a process manager stops it; resolves with its exit code (null: it was not running). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return null;
    const gone = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await gone;
    this.child = null;
    return code;
  }

  isRunning(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  logs() {
    return this.output;
  }
}
