import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';
import { parseTrustProxy, trustProxyProblem } from './trust-proxy.js';

describe('TRUST_PROXY and HOST', () => {
  it('refuses to start trusting whoever connects while anyone can connect (HOST=0.0.0.0, the default)', () => {
    for (const value of ['1', '2', 'true', '0.0.0.0/0', '10.0.0.5, ::/0']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*HOST=0\.0\.0\.0 lets clients connect without the proxy and claim any address/,
      );
      expect(trustProxyProblem(value, '192.168.1.20'), value).not.toBeNull();
    }
  });

  it('accepts a hop count behind a proxy on this machine, and the proxy named by address on any HOST', () => {
    expect(loadEnv({ TRUST_PROXY: '1', HOST: '127.0.0.1' }).TRUST_PROXY).toBe('1');
    expect(trustProxyProblem('1', '::1')).toBeNull();
    expect(trustProxyProblem('true', 'localhost')).toBeNull();
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5' }).HOST).toBe('0.0.0.0');
    expect(trustProxyProblem('10.0.0.5, 10.0.1.0/24', '0.0.0.0')).toBeNull();
    expect(trustProxyProblem(undefined, '0.0.0.0')).toBeNull();
  });

  it('gives Fastify a hop count as a function of the hop, addresses as a list', () => {
    const hops = parseTrustProxy('1');
    expect(typeof hops === 'function' && [hops('10.0.0.5', 0), hops('10.0.0.5', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24')).toEqual(['10.0.0.5', '10.0.1.0/24']);
  });
});
