/**
 * Kite's login and session state in the sandbox: password → request_id, TOTP → enctoken (the web
 * session cookie), enctoken → single-use request_token, checksum exchange → access_token.
 * Tokens expire by the sandbox clock as Kite's do: request ids and request tokens after five minutes,
 * access tokens at the next 06:00 IST. Apps: the console's (open to every user) and each user's personal app
 * (sandbox-accounts.ts), which logs in its owner only. A request token and an access token belong to the app
 * that asked for them. Everything held is plain data so that a sandbox with a state file can keep it across
 * restarts (`toSnapshot`/`fromSnapshot`, sandbox-state-file.ts): Kite does not forget a token because a
 * client restarted.
 */
import { randomBytes } from 'node:crypto';
import { kiteSessionChecksum, nextKiteTokenExpiry, type KiteErrorType } from '../protocols/kite-rest.js';
import {
  isValidSandboxTotp,
  sandboxPasswordFor,
  sandboxPersonalApp,
  sandboxPersonalAppOwner,
} from './sandbox-accounts.js';

/** A refusal, shown to the user as Kite would show it. */
export interface KiteFailure {
  ok: false;
  type: KiteErrorType;
  message: string;
}

/** An issued access token. */
export interface KiteSession {
  userId: string;
  apiKey: string;
  accessToken: string;
  publicToken: string;
  enctoken: string;
  loginMs: number;
  expiresMs: number;
}

/** Everything the sessions hold, as plain data: what a sandbox state file keeps. */
export interface KiteSessionsSnapshot {
  loginRequests: { requestId: string; userId: string; expiresMs: number }[];
  webSessions: { enctoken: string; userId: string }[];
  requestTokens: { requestToken: string; userId: string; enctoken: string; apiKey: string; expiresMs: number }[];
  sessions: KiteSession[];
}

const SHORT_LIVED_MS = 5 * 60_000;

function token(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function fail(type: KiteErrorType, message: string): KiteFailure {
  return { ok: false, type, message };
}

/** The next 06:00 IST after `ms`, when Kite invalidates access tokens (one rule for the sandbox and the console). */
export { nextKiteTokenExpiry };

/** Holds the sandbox's Kite login and session state. */
export class KiteSessions {
  private readonly loginRequests = new Map<string, { userId: string; expiresMs: number }>();
  private readonly webSessions = new Map<string, string>();
  private readonly requestTokens = new Map<
    string,
    { userId: string; enctoken: string; apiKey: string; expiresMs: number }
  >();
  private readonly sessions = new Map<string, KiteSession>();

  /** `onChange` runs after every change to what the sessions hold (the state file saves then). */
  constructor(
    private readonly apiKey: string,
    private readonly apiSecret: string,
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** Sessions holding what `snapshot` held; expired entries stay and are refused as before. */
  static fromSnapshot(
    apiKey: string,
    apiSecret: string,
    snapshot: KiteSessionsSnapshot,
    onChange?: () => void,
  ): KiteSessions {
    const restored = new KiteSessions(apiKey, apiSecret, onChange);
    for (const { requestId, ...request } of snapshot.loginRequests) restored.loginRequests.set(requestId, request);
    for (const { enctoken, userId } of snapshot.webSessions) restored.webSessions.set(enctoken, userId);
    for (const { requestToken, ...issued } of snapshot.requestTokens) restored.requestTokens.set(requestToken, issued);
    for (const session of snapshot.sessions) restored.sessions.set(session.accessToken, { ...session });
    return restored;
  }

  /** A copy of everything held, as plain data. */
  toSnapshot(): KiteSessionsSnapshot {
    return {
      loginRequests: [...this.loginRequests].map(([requestId, request]) => ({ requestId, ...request })),
      webSessions: [...this.webSessions].map(([enctoken, userId]) => ({ enctoken, userId })),
      requestTokens: [...this.requestTokens].map(([requestToken, issued]) => ({ requestToken, ...issued })),
      sessions: [...this.sessions.values()].map((session) => ({ ...session })),
    };
  }

  /** Step 1: user id and password. */
  login(userId: string, password: string, nowMs: number): { ok: true; requestId: string } | KiteFailure {
    if (!userId || !password) return fail('InputException', 'Both `user_id` and `password` are required.');
    const expected = sandboxPasswordFor(userId);
    if (expected === null) return fail('InputException', 'Invalid `user_id`. Sandbox user ids look like AB1234.');
    if (password !== expected) return fail('InputException', 'Invalid `user_id` or `password`.');
    const requestId = token(16);
    this.loginRequests.set(requestId, { userId, expiresMs: nowMs + SHORT_LIVED_MS });
    this.onChange();
    return { ok: true, requestId };
  }

  /** Step 2: the TOTP code for a login request; returns the enctoken the web session cookie carries. */
  twofa(userId: string, requestId: string, code: string, nowMs: number): { ok: true; enctoken: string } | KiteFailure {
    const request = this.loginRequests.get(requestId);
    if (!request || request.userId !== userId || request.expiresMs < nowMs) {
      return fail('TokenException', 'Login request expired or unknown. Please log in again.');
    }
    if (!/^\d{6}$/.test(code) || !isValidSandboxTotp(code, nowMs)) {
      return fail('InputException', 'Invalid TOTP code. Check the device clock and use a fresh code.');
    }
    this.loginRequests.delete(requestId);
    const enctoken = token(24);
    this.webSessions.set(enctoken, userId);
    this.onChange();
    return { ok: true, enctoken };
  }

  /** The api_secret of a known app, or null for an unknown api_key. */
  appSecret(apiKey: string): string | null {
    if (apiKey === this.apiKey) return this.apiSecret;
    const owner = sandboxPersonalAppOwner(apiKey);
    return owner ? (sandboxPersonalApp(owner)?.apiSecret ?? null) : null;
  }

  /**
   * Why `/connect/login?api_key` refuses before authorising: an unknown app, or another user's personal app
   * (Kite: a personal app logs in only the account that created it). Null when it may go on.
   */
  connectRefusal(apiKey: string, enctoken: string | undefined): KiteFailure | null {
    if (this.appSecret(apiKey) === null) return fail('InputException', 'Invalid `api_key`.');
    const owner = sandboxPersonalAppOwner(apiKey);
    const userId = enctoken ? this.webSessions.get(enctoken) : undefined;
    if (owner && userId && userId !== owner) {
      return fail('InputException', 'This is a personal app: it can only be used by the account that created it.');
    }
    return null;
  }

  /** Step 3: the web session authorises the app; returns a request_token for it, or null without a session. */
  authorize(enctoken: string | undefined, nowMs: number, apiKey: string = this.apiKey): string | null {
    const userId = enctoken ? this.webSessions.get(enctoken) : undefined;
    if (!enctoken || !userId) return null;
    const requestToken = token(16);
    this.requestTokens.set(requestToken, { userId, enctoken, apiKey, expiresMs: nowMs + SHORT_LIVED_MS });
    this.onChange();
    return requestToken;
  }

  /** Step 4: `POST /session/token`. The request token works once. */
  exchange(apiKey: string, requestToken: string, checksum: string, nowMs: number): KiteSession | KiteFailure {
    if (!apiKey || !requestToken || !checksum) {
      return fail('InputException', 'Missing `api_key`, `request_token` or `checksum`.');
    }
    const secret = this.appSecret(apiKey);
    if (secret === null) return fail('InputException', 'Invalid `api_key`.');
    // The checksum proves the caller holds this app's secret; another app's secret does not match.
    if (checksum !== kiteSessionChecksum(apiKey, requestToken, secret)) {
      return fail('TokenException', 'Invalid `checksum`.');
    }
    const issued = this.requestTokens.get(requestToken);
    // A request token is the app's that asked for it: another app cannot redeem it.
    if (!issued || issued.expiresMs < nowMs || issued.apiKey !== apiKey) {
      return fail('TokenException', 'Token is invalid or has expired.');
    }
    this.requestTokens.delete(requestToken);
    return this.issue(issued.userId, issued.enctoken, nowMs, apiKey);
  }

  /** Issues an access token for an app (the console's by default) directly (test hook; skips the login pages). */
  issue(userId: string, enctoken: string, nowMs: number, apiKey: string = this.apiKey): KiteSession {
    const session: KiteSession = {
      userId,
      apiKey,
      accessToken: token(16),
      publicToken: token(16),
      enctoken,
      loginMs: nowMs,
      expiresMs: nextKiteTokenExpiry(nowMs),
    };
    this.sessions.set(session.accessToken, session);
    this.onChange();
    return session;
  }

  /** The session behind an api key and access token, if valid now: a token works only with its own app's key. */
  find(apiKey: string, accessToken: string, nowMs: number): KiteSession | null {
    const session = this.sessions.get(accessToken);
    if (!session || session.apiKey !== apiKey) return null;
    if (session.expiresMs <= nowMs) {
      this.sessions.delete(accessToken);
      this.onChange();
      return null;
    }
    return session;
  }

  /** Resolves `Authorization: token api_key:access_token`. */
  authenticate(header: string | undefined, nowMs: number): KiteSession | KiteFailure {
    const m = /^token\s+([^:\s]+):(\S+)$/.exec(header ?? '');
    const session = m ? this.find(m[1] as string, m[2] as string, nowMs) : null;
    return session ?? fail('TokenException', 'Incorrect `api_key` or `access_token`.');
  }

  /** Invalidates every access token at once (the `expire_tokens` fault); returns how many there were. */
  expireAll(): number {
    const count = this.sessions.size;
    this.sessions.clear();
    if (count > 0) this.onChange();
    return count;
  }

  /** `DELETE /session/token`. */
  revoke(apiKey: string, accessToken: string): boolean {
    const session = this.sessions.get(accessToken);
    if (!session || session.apiKey !== apiKey) return false;
    this.sessions.delete(accessToken);
    this.onChange();
    return true;
  }
}
