import { api, UNKNOWN_ROUTE_ERROR } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildPath, callRoute, errorMessageFrom, messageOf } from './client';
import { LOGOUT_EVENT, storeSession, takeSessionEndedReason } from './session';

describe('errorMessageFrom', () => {
  it('prefers the server error text, then its message', () => {
    expect(errorMessageFrom(409, 'Conflict', { error: 'Username already exists' })).toBe('Username already exists');
    expect(errorMessageFrom(400, 'Bad Request', { message: 'Bad thing' })).toBe('Bad thing');
  });

  it("falls back to SPEC's 'Request failed with status' text", () => {
    expect(errorMessageFrom(502, 'Bad Gateway', null)).toBe('Request failed with status 502: Bad Gateway');
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/users/:id', { id: 7 })).toBe('/users/7');
    expect(() => buildPath('/users/:id', {})).toThrow(/id/);
  });
});

describe('callRoute', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and returns data', async () => {
    storeSession('tok', { id: 1, username: 'a', role: 'admin' });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, data: [] }))));
    vi.stubGlobal('fetch', fetchMock);
    const reply = await callRoute(api.users.list);
    expect(reply.data).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it("refuses, in test builds, a reply that does not match the route's contract schema", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ success: true, data: [{ id: 'one', username: 7 }] }))),
    );
    await expect(callRoute(api.users.list)).rejects.toMatchObject({
      code: 'CONTRACT_MISMATCH',
      message: expect.stringContaining('GET /users does not match the contract') as unknown,
    });
  });

  it('clears the session on 401 and 403 and emits logout', async () => {
    for (const status of [401, 403]) {
      storeSession('tok', { id: 1, username: 'a', role: 'user' });
      const onLogout = vi.fn();
      window.addEventListener(LOGOUT_EVENT, onLogout);
      vi.stubGlobal('fetch', () =>
        Promise.resolve(new Response(JSON.stringify({ success: false, error: 'nope' }), { status })),
      );
      await expect(callRoute(api.users.list)).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(onLogout).toHaveBeenCalledOnce();
      // The login page says why, once.
      expect(takeSessionEndedReason()).toBe('Your session has ended. Please sign in again.');
      expect(takeSessionEndedReason()).toBeNull();
      window.removeEventListener(LOGOUT_EVENT, onLogout);
    }
  });

  it('gives no reason for a failed login (there was no session to end)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Invalid' }), { status: 401 })),
    );
    await expect(callRoute(api.auth.login, { body: { username: 'a', password: 'b' } })).rejects.toThrow('Invalid');
    expect(takeSessionEndedReason()).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    storeSession('tok', { id: 1, username: 'a', role: 'user' });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ success: false, error: 'Gone' }), { status: 404 })),
    );
    await expect(callRoute(api.users.list)).rejects.toThrow('Gone');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('messageOf', () => {
  it("prefers the server's text for validation, conflicts, upstream failures and a row's 404", () => {
    expect(messageOf(new ApiError('Strategy is not running', 409), 'Failed to pause strategy')).toBe(
      'Strategy is not running',
    );
    expect(messageOf(new ApiError('Kite login failed', 502, 'UPSTREAM_FAILED'), 'Failed')).toBe('Kite login failed');
    expect(messageOf(new ApiError('Strategy mapping not found', 404), 'x')).toBe('Strategy mapping not found');
  });

  it('uses the catalogue text for an internal error, an unknown route or a network failure', () => {
    expect(messageOf(new ApiError('Internal server error', 500, 'INTERNAL'), 'Failed')).toBe('Failed');
    expect(messageOf(new ApiError(UNKNOWN_ROUTE_ERROR, 404, 'NOT_FOUND'), 'Failed')).toBe('Failed');
    expect(messageOf(new TypeError('Failed to fetch'), 'Failed to exit strategy')).toBe('Failed to exit strategy');
  });
});
