import { afterEach, describe, expect, it } from 'vitest';
import { parseSandboxEnv, sandboxBanner } from './cli-support.js';
import { createSandboxExchange, type SandboxExchange } from './sandbox-exchange.js';

let exchange: SandboxExchange | undefined;
afterEach(async () => {
  await exchange?.close();
});

describe('sandbox CLI support', () => {
  it('defaults to port 7400 and seed "sandbox", and explains bad values', () => {
    expect(parseSandboxEnv({})).toEqual({
      SANDBOX_PORT: 7400,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_SEED: 'sandbox',
      SANDBOX_REAL_LIMITS: '0',
      SANDBOX_ENFORCE_IP: '0',
    });
    expect(parseSandboxEnv({ SANDBOX_PORT: '0', SANDBOX_SEED: 'demo' })).toMatchObject({
      SANDBOX_PORT: 0,
      SANDBOX_SEED: 'demo',
    });
    expect(() => parseSandboxEnv({ SANDBOX_PORT: 'x' })).toThrow(/SANDBOX_PORT/);
    expect(parseSandboxEnv({ SANDBOX_ENFORCE_IP: '1' }).SANDBOX_ENFORCE_IP).toBe('1');
    expect(() => parseSandboxEnv({ SANDBOX_ENFORCE_IP: 'yes' })).toThrow(/SANDBOX_ENFORCE_IP/);
  });

  it('prints the roots under the product env names, and the credentials', async () => {
    exchange = await createSandboxExchange({ seed: 'banner' });
    const banner = sandboxBanner(exchange, 'banner');
    expect(banner).toContain(`KITE_API_ROOT=http://127.0.0.1:${exchange.port}/kite`);
    expect(banner).toContain(`KITE_WS_ROOT=ws://127.0.0.1:${exchange.port}/kite-ws`);
    expect(banner).toContain(`BINANCE_WS_ROOT=ws://127.0.0.1:${exchange.port}/binance-ws`);
    expect(banner).toContain(exchange.credentials.totpSecret);
    expect(banner).toContain('SB0001');
    expect(banner).toContain('api_key sbxab1234key, api_secret sbxab1234secret');
  });
});
