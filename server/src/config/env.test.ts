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

  it('bounds PostgreSQL connects at 5 s and statements at 30 s unless told otherwise', () => {
    expect(loadEnv({})).toMatchObject({ PG_CONNECT_TIMEOUT_MS: 5000, PG_STATEMENT_TIMEOUT_MS: 30000 });
    const tuned = loadEnv({ PG_CONNECT_TIMEOUT_MS: '2000', PG_STATEMENT_TIMEOUT_MS: '0' });
    expect(tuned).toMatchObject({ PG_CONNECT_TIMEOUT_MS: 2000, PG_STATEMENT_TIMEOUT_MS: 0 });
    expect(() => loadEnv({ PG_STATEMENT_TIMEOUT_MS: '30s' })).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
    expect(() => loadEnv({ PG_CONNECT_TIMEOUT_MS: '-1' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });

  it('explains what is wrong with a bad value', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('runs on real time unless TEST_CLOCK=on, which only an in-process sandbox console accepts', () => {
    expect(loadEnv({}).TEST_CLOCK).toBe('off');
    expect(loadEnv({ TEST_CLOCK: 'on' }).TEST_CLOCK).toBe('on');
    expect(() => loadEnv({ TEST_CLOCK: 'on', KITE_API_KEY: 'abc' })).toThrow(/TEST_CLOCK: .*MARKET_MODE=sandbox/);
    expect(() => loadEnv({ TEST_CLOCK: 'on', KITE_API_ROOT: 'http://127.0.0.1:7400/kite' })).toThrow(/TEST_CLOCK/);
    expect(() => loadEnv({ TEST_CLOCK: 'yes' })).toThrow(/TEST_CLOCK/);
  });
});
