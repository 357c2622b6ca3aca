import { describe, expect, it } from 'vitest';
import { configVersion, orderTrace, readTrace } from './order-trace.logic.js';

const strategy = { id: 'RDX', version: 1, algoId: 'RDX-1' };
const option = {
  tradingSymbol: 'NIFTY26DEC24600CE',
  exchange: 'NFO',
  optionType: 'CE' as const,
  strikePaise: 2460000,
  expiry: '2026-12-29',
  lotSize: 65,
  instrumentToken: 1,
};

describe('an order trace', () => {
  it('names the rules, the inputs and the author of an entry', () => {
    const trace = orderTrace({
      strategy,
      decision: { action: 'enter', atmPaise: 2450000, open: [{ option, side: 'SELL', quantity: 65 }] },
      config: { lotCount: 1, offsetPaise: 10000 },
      at: 1_700_000_000_000,
      underlyingPaise: 2451234,
      author: { kind: 'engine' },
    });
    expect(trace).toEqual({
      strategy: { type: 'RDX', version: 1, algo_id: 'RDX-1' },
      decision: {
        action: 'enter',
        reason: null,
        at: 1_700_000_000_000,
        underlying_paise: 2451234,
        atm_paise: 2450000,
        config: { lotCount: 1, offsetPaise: 10000 },
        config_version: configVersion({ offsetPaise: 10000, lotCount: 1 }),
      },
      author: { kind: 'engine' },
    });
    expect(readTrace(JSON.stringify(trace))).toEqual(trace);
  });

  it("keeps a square-off's reason and no ATM", () => {
    const trace = orderTrace({
      strategy,
      decision: { action: 'squareOff', close: [], reason: 'exit' },
      config: {},
      at: 0,
      underlyingPaise: null,
      author: { kind: 'user', user_id: 7 },
    });
    expect(trace.decision).toMatchObject({ action: 'squareOff', reason: 'exit', atm_paise: null });
  });

  it('gives one version to the same settings in any key order, another to other settings', () => {
    expect(configVersion({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(configVersion({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(configVersion({ a: 1 })).not.toBe(configVersion({ a: 2 }));
    expect(configVersion({ a: 1 })).toMatch(/^[0-9a-f]{12}$/);
  });

  it('reads an order written before traces as none', () => {
    expect(readTrace(null)).toBeNull();
    expect(readTrace('not json')).toBeNull();
  });
});
