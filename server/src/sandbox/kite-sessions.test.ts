import { describe, expect, it } from 'vitest';
import { kiteSessionChecksum } from '../protocols/kite-rest.js';
import { KiteSessions, nextKiteTokenExpiry } from './kite-sessions.js';
import {
  SANDBOX_ADMIN_PASSWORD,
  SANDBOX_TOTP_SECRET,
  sandboxPasswordFor,
  sandboxTotpCode,
  isValidSandboxTotp,
} from './sandbox-accounts.js';

const NOW = Date.UTC(2025, 11, 9, 4, 30);

describe('sandbox accounts', () => {
  it('uses the admin password for SB0001 and the user password for other Kite-style ids', () => {
    expect(sandboxPasswordFor('SB0001')).toBe(SANDBOX_ADMIN_PASSWORD);
    expect(sandboxPasswordFor('AB1234')).toBe('sandbox-user');
    expect(sandboxPasswordFor('ab1234')).toBeNull();
    expect(SANDBOX_TOTP_SECRET).toMatch(/^[A-Z2-7]+$/);
  });

  it('accepts TOTP codes one 30 s step either side, not two', () => {
    const code = sandboxTotpCode(NOW);
    expect(code).toMatch(/^\d{6}$/);
    expect(isValidSandboxTotp(code, NOW + 30_000)).toBe(true);
    expect(isValidSandboxTotp(code, NOW - 30_000)).toBe(true);
    expect(isValidSandboxTotp(code, NOW + 90_000)).toBe(false);
  });

  it('computes the codes an authenticator app shows for the secret (RFC 6238, 30 s steps)', () => {
    // Codes for fixed instants, as earlier versions of the sandbox (and any authenticator app) computed them.
    expect(sandboxTotpCode(Date.UTC(2026, 10, 23, 5, 0, 0))).toBe('324007');
    expect(sandboxTotpCode(Date.UTC(2026, 10, 23, 5, 0, 29, 999))).toBe('324007');
    expect(sandboxTotpCode(1e12)).toBe('686054');
    expect(isValidSandboxTotp('686054', 1e12)).toBe(true);
    expect(isValidSandboxTotp('68605', 1e12)).toBe(false);
    expect(isValidSandboxTotp('abcdef', 1e12)).toBe(false);
  });
});

describe('KiteSessions', () => {
  const sessions = () => new KiteSessions('key', 'secret');

  it('runs login → twofa → authorize → exchange and authenticates the access token', () => {
    const s = sessions();
    const login = s.login('SB0001', SANDBOX_ADMIN_PASSWORD, NOW);
    if (!login.ok) throw new Error(login.message);
    const twofa = s.twofa('SB0001', login.requestId, sandboxTotpCode(NOW), NOW);
    if (!twofa.ok) throw new Error(twofa.message);
    const rt = s.authorize(twofa.enctoken, NOW) ?? '';
    const session = s.exchange('key', rt, kiteSessionChecksum('key', rt, 'secret'), NOW);
    if ('ok' in session) throw new Error(session.message);
    expect(s.authenticate(`token key:${session.accessToken}`, NOW)).toMatchObject({ userId: 'SB0001' });
    expect(s.authenticate(`token other:${session.accessToken}`, NOW)).toMatchObject({
      ok: false,
      type: 'TokenException',
    });
    expect(s.revoke('key', session.accessToken)).toBe(true);
    expect(s.authenticate(`token key:${session.accessToken}`, NOW)).toMatchObject({ ok: false });
  });

  it('does not let a request_id be used for another user or after it was consumed', () => {
    const s = sessions();
    const login = s.login('AB1234', 'sandbox-user', NOW);
    if (!login.ok) throw new Error(login.message);
    expect(s.twofa('CD5678', login.requestId, sandboxTotpCode(NOW), NOW)).toMatchObject({ ok: false });
    expect(s.twofa('AB1234', login.requestId, sandboxTotpCode(NOW), NOW)).toMatchObject({ ok: true });
    expect(s.twofa('AB1234', login.requestId, sandboxTotpCode(NOW), NOW)).toMatchObject({
      ok: false,
      type: 'TokenException',
    });
    expect(s.authorize('unknown-enctoken', NOW)).toBeNull();
  });

  it('expires access tokens at the next 06:00 IST', () => {
    expect(nextKiteTokenExpiry(NOW)).toBe(Date.UTC(2025, 11, 10, 0, 30));
    expect(nextKiteTokenExpiry(Date.UTC(2025, 11, 9, 0, 0))).toBe(Date.UTC(2025, 11, 9, 0, 30));
    const s = sessions();
    const session = s.issue('AB1234', 'e', NOW);
    expect(s.find('key', session.accessToken, Date.UTC(2025, 11, 10, 0, 29))).not.toBeNull();
    expect(s.find('key', session.accessToken, Date.UTC(2025, 11, 10, 0, 30))).toBeNull();
  });
});
