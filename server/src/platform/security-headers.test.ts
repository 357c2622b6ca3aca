import { describe, expect, it } from 'vitest';
import { isApiPath, securityHeaders } from './security-headers.js';

const YEAR = { hstsMaxAgeSeconds: 31_536_000 };
const page = (over: { url?: string; host?: string; secure?: boolean } = {}) => ({
  url: '/home',
  host: 'console.example.com',
  secure: false,
  ...over,
});

/** The policy's directives by name, e.g. `{ 'script-src': ["'self'"] }`. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('securityHeaders', () => {
  it("gives the web app a policy that runs only the console's own scripts and frames nowhere", () => {
    const csp = directives(securityHeaders(page(), YEAR)['content-security-policy'] ?? '');
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    // No inline anything: one hashed <style> (the chart's attribution) and no 'unsafe-*' keyword.
    expect(csp['style-src']?.[0]).toBe("'self'");
    expect(csp['style-src']?.slice(1).every((s) => s.startsWith("'sha256-"))).toBe(true);
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/unsafe|\*/);
  });

  it('lets the app reach its own API and its socket on the same host, and nothing else', () => {
    const plain = directives(
      securityHeaders(page({ host: 'console.example.com:8080' }), YEAR)['content-security-policy']!,
    );
    expect(plain['connect-src']).toEqual(["'self'", 'ws://console.example.com:8080']);
    const tls = directives(securityHeaders(page({ secure: true }), YEAR)['content-security-policy']!);
    expect(tls['connect-src']).toEqual(["'self'", 'wss://console.example.com']);
    expect(tls['upgrade-insecure-requests']).toEqual([]);
  });

  it('copies no forged Host into the policy', () => {
    for (const host of ["evil.example; script-src 'unsafe-inline'", 'a b', 'x/y', '', undefined]) {
      const csp = securityHeaders(page({ host }), YEAR)['content-security-policy']!;
      expect(directives(csp)['connect-src']).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe');
    }
    const v6 = securityHeaders(page({ host: '[::1]:3000' }), YEAR)['content-security-policy']!;
    expect(directives(v6)['connect-src']).toEqual(["'self'", 'ws://[::1]:3000']);
  });

  it('sends HSTS only over TLS and only when configured', () => {
    expect(securityHeaders(page({ secure: true }), YEAR)['strict-transport-security']).toBe('max-age=31536000');
    expect(securityHeaders(page({ secure: false }), YEAR)).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders(page({ secure: true }), { hstsMaxAgeSeconds: 0 })).not.toHaveProperty(
      'strict-transport-security',
    );
  });

  it('keeps API replies out of caches and gives them a policy that loads nothing', () => {
    const api = securityHeaders(page({ url: '/api/positions?x=1' }), YEAR);
    expect(api['cache-control']).toBe('no-store');
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(securityHeaders(page(), YEAR)).not.toHaveProperty('cache-control');
  });

  it('switches off powerful browser features and keeps the old framing and sniffing guards', () => {
    const h = securityHeaders(page(), YEAR);
    expect(h['permissions-policy']).toContain('camera=()');
    expect(h['permissions-policy']).toContain('geolocation=()');
    expect(h['permissions-policy']).toContain('payment=()');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
  });
});

describe('isApiPath', () => {
  it('tells the API and its socket from the web app', () => {
    expect(['/api', '/api/health', '/api?x', '/socket.io/?EIO=4'].every(isApiPath)).toBe(true);
    expect(['/', '/login', '/apis', '/api-docs', '/assets/a.js'].some(isApiPath)).toBe(false);
    // Judged as the router matches: a percent-encoded API path is still the API.
    expect(['/%61pi/auth/verify', '/%61%70%69?x'].every(isApiPath)).toBe(true);
    expect(isApiPath('/%zz')).toBe(false);
  });
});
