import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('loadEnv', () => {
  it('defaults to port 3000, sandbox market data and the admin username', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.MARKET_MODE).toBe('sandbox');
    expect(env.ADMIN_USERNAME).toBe('admin');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('switches to live market data when a Kite API key is configured', () => {
    expect(loadEnv({ KITE_API_KEY: 'abc' }).MARKET_MODE).toBe('live');
    expect(loadEnv({ KITE_API_KEY: 'abc', MARKET_MODE: 'sandbox' }).MARKET_MODE).toBe('sandbox');
  });

  it('explains what is wrong with a bad value', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
