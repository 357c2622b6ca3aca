/**
 * The login origin (`kite.zerodha.com` in production, PROTOCOLS.md §2): password, TOTP, then the
 * Connect authorisation redirect that carries the request_token.
 */
import type { Route, SandboxRequest, SandboxResponse } from './http-kit.js';
import { kiteFail, type SandboxContext } from './sandbox-context.js';

function login(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const userId = request.form.get('user_id') ?? '';
  const result = ctx.sessions.login(userId, request.form.get('password') ?? '', ctx.authClock.now());
  if (!result.ok) return kiteFail(result.type, result.message);
  const data = {
    user_id: userId,
    request_id: result.requestId,
    twofa_type: 'totp',
    twofa_types: ['totp'],
    twofa_status: 'active',
  };
  return jsonWith({ status: 'success', data });
}

function twofa(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const f = request.form;
  const type = f.get('twofa_type') ?? 'totp';
  if (type !== 'totp') return kiteFail('InputException', 'The sandbox supports only `twofa_type` totp.');
  const code = (f.get('twofa_value') ?? '').trim();
  const result = ctx.sessions.twofa(f.get('user_id') ?? '', f.get('request_id') ?? '', code, ctx.authClock.now());
  if (!result.ok) return kiteFail(result.type, result.message);
  const cookie = `enctoken=${result.enctoken}; Path=/; HttpOnly; SameSite=Lax`;
  return jsonWith({ status: 'success', data: { profile: {} } }, { 'Set-Cookie': cookie });
}

function connectLogin(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const apiKey = request.query.get('api_key') ?? '';
  const refusal = ctx.sessions.connectRefusal(apiKey, request.cookies.enctoken);
  if (refusal) return kiteFail(refusal.type, refusal.message);
  const requestToken = ctx.sessions.authorize(request.cookies.enctoken, ctx.authClock.now(), apiKey);
  if (!requestToken) {
    const page =
      '<!doctype html><title>Sandbox Kite login</title><p>Not logged in. POST /api/login, then /api/twofa, then open this page again.</p>';
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: page };
  }
  const target = new URL(ctx.kiteRedirectUrl());
  for (const [k, v] of Object.entries({
    action: 'login',
    type: 'login',
    status: 'success',
    request_token: requestToken,
  })) {
    target.searchParams.set(k, v);
  }
  return { status: 302, headers: { Location: target.toString() }, body: '' };
}

function jsonWith(body: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status: 200, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Routes under the login root. `/redirect` is the default landing page for the request_token. */
export function kiteLoginRoutes(ctx: SandboxContext): Route[] {
  return [
    { method: 'POST', pattern: '/api/login', handler: (r) => login(ctx, r) },
    { method: 'POST', pattern: '/api/twofa', handler: (r) => twofa(ctx, r) },
    { method: 'GET', pattern: '/connect/login', handler: (r) => connectLogin(ctx, r) },
    {
      method: 'GET',
      pattern: '/redirect',
      handler: (r) => jsonWith({ status: 'success', data: { request_token: r.query.get('request_token') } }),
    },
  ];
}
