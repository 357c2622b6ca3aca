import { WebSocket } from 'ws';
import { manualClock as manualClockAt, type ManualClock } from '../src/platform/clock.js';

export type { ManualClock };
import { kiteSessionChecksum } from '../src/protocols/kite-rest.js';
import {
  createSandboxExchange,
  type SandboxCredentials,
  type SandboxExchange,
  type SandboxExchangeOptions,
  type SandboxUrls,
} from '../src/sandbox/sandbox-exchange.js';

/** Tuesday 2025-12-09 10:00:00 IST (a NIFTY weekly expiry day). */
export const TEST_START_MS = Date.UTC(2025, 11, 9, 4, 30, 0);

/** A manual clock starting at `start` (the sandbox tests' Tuesday by default). */
export const manualClock = (start = TEST_START_MS): ManualClock => manualClockAt(start);

/** A sandbox on a random loopback port with a manual clock and a fast feed timer. */
export async function startTestSandbox(
  options: Partial<SandboxExchangeOptions> = {},
): Promise<{ sandbox: SandboxExchange; clock: ManualClock }> {
  const clock = manualClock();
  const sandbox = await createSandboxExchange({ seed: 'test', clock, tickIntervalMs: 20, ...options });
  return { sandbox, clock };
}

/** A urlencoded body, as Kite clients send forms. */
export function form(fields: Record<string, string | number>): { headers: Record<string, string>; body: string } {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return { headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Kite-Version': '3' }, body };
}

/** Kite's auth header for the sandbox app. */
export function kiteAuth(sandbox: SandboxExchange, accessToken: string): Record<string, string> {
  return { 'X-Kite-Version': '3', Authorization: `token ${sandbox.credentials.kiteApiKey}:${accessToken}` };
}

/** A reply body parsed without a declared shape: tests assert on it (JSON.parse's own `any`). */
export async function jsonOf(res: Response): Promise<ReturnType<typeof JSON.parse>> {
  return JSON.parse(await res.text());
}

/** GET a Kite path with an access token and return status and parsed body. */
export async function kiteGet(sandbox: SandboxExchange, path: string, accessToken: string) {
  const res = await fetch(`${sandbox.urls.kiteApi}${path}`, { headers: kiteAuth(sandbox, accessToken) });
  return { status: res.status, body: await jsonOf(res) };
}

/** POST a Kite form with an access token. */
export async function kitePost(
  sandbox: SandboxExchange,
  path: string,
  accessToken: string,
  fields: Record<string, string | number>,
) {
  const f = form(fields);
  const res = await fetch(`${sandbox.urls.kiteApi}${path}`, {
    method: 'POST',
    headers: { ...f.headers, ...kiteAuth(sandbox, accessToken) },
    body: f.body,
  });
  return { status: res.status, body: await jsonOf(res) };
}

/** What a login needs of a sandbox (an in-process one, or the one a console runs): its roots and its app. */
export interface KiteLoginTarget {
  urls: Pick<SandboxUrls, 'kiteApi' | 'kiteLogin'>;
  credentials: Pick<SandboxCredentials, 'kiteApiKey' | 'kiteApiSecret'>;
}

/** The whole login: password, TOTP, connect/login redirect, checksum exchange; returns the session data. */
export async function loginThroughKite(sandbox: KiteLoginTarget, userId: string, password: string, totp: string) {
  const { kiteLogin, kiteApi } = sandbox.urls;
  const login = await fetch(`${kiteLogin}/api/login`, { method: 'POST', ...form({ user_id: userId, password }) });
  const requestId = String((await jsonOf(login)).data.request_id);
  const twofa = await fetch(`${kiteLogin}/api/twofa`, {
    method: 'POST',
    ...form({ user_id: userId, request_id: requestId, twofa_value: totp, twofa_type: 'totp' }),
  });
  const cookie = (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const connect = await fetch(`${kiteLogin}/connect/login?api_key=${sandbox.credentials.kiteApiKey}&v=3`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  const requestToken = new URL(connect.headers.get('location') ?? 'http://x/').searchParams.get('request_token') ?? '';
  const { kiteApiKey, kiteApiSecret } = sandbox.credentials;
  const checksum = kiteSessionChecksum(kiteApiKey, requestToken, kiteApiSecret);
  const session = await fetch(`${kiteApi}/session/token`, {
    method: 'POST',
    ...form({ api_key: kiteApiKey, request_token: requestToken, checksum }),
  });
  return { status: session.status, body: await jsonOf(session) };
}

/** Opens a WebSocket and resolves once it is open. */
export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Resolves with the first message `accept` returns a value for (waits for events, not for time). */
export function nextMessage<T>(
  ws: WebSocket,
  accept: (data: Buffer, isBinary: boolean) => T | undefined,
  timeoutMs = 3000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new Error('No matching WebSocket message arrived'));
    }, timeoutMs);
    const onMessage = (data: Buffer, isBinary: boolean) => {
      const value = accept(data, isBinary);
      if (value === undefined) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(value);
    };
    ws.on('message', onMessage);
  });
}
