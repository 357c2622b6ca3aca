import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { resolveMarketConfig } from '../../config/market.js';
import { loadEnv } from '../../config/env.js';
import { systemClock } from '../../platform/clock.js';
import type { Broker } from './broker-port.js';
import {
  brokerLabelFor,
  brokerOrderLimits,
  createBrokerRegistry,
  protectionPercentFor,
  registryOf,
  tokenExpiryOf,
} from './broker-registry.js';

const madeUp = (kind: string, perSecond: number, perMinute: number, tokenLife = 0): Broker => ({
  kind,
  label: kind,
  rules: {
    product: 'CARRY',
    newOrderTag: () => `${kind}-tag`,
    orderLimits: { perSecond, perMinute },
    tokenExpiresAt: (at) => at + tokenLife,
    tokenEndWords: 'after its life',
    brokerage: [{ from: '2024-10-01', perOrderPaise: 1000 }],
    autoProtectionPercent: 2,
  },
  account: () => {
    throw new Error('not asked');
  },
  login: () => Promise.reject(new Error('not asked')),
  close: () => Promise.resolve(),
});

describe('the broker registry', () => {
  const setup = () => ({
    market: resolveMarketConfig(loadEnv({}), null),
    logger: pino({ level: 'silent' }),
    clock: systemClock,
  });

  it("serves Kite accounts through the Kite adapter, with Kite's rules, and no other kind", () => {
    const registry = createBrokerRegistry(setup());
    const kite = registry.forKind('kite');
    expect(kite?.label).toBe('Kite');
    expect(kite?.rules.product).toBe('NRML');
    expect(kite?.rules.newOrderTag()).toMatch(/^[a-z0-9]{1,20}$/);
    expect(registry.forKind('binance')).toBeUndefined();
    expect(brokerOrderLimits(registry)).toEqual({ perSecond: 10, perMinute: 200 });
  });

  it('builds each adapter once, and holds every account to the strictest order rate', () => {
    let built = 0;
    const registry = createBrokerRegistry(setup(), {
      one: () => {
        built += 1;
        return madeUp('one', 10, 200);
      },
      two: () => madeUp('two', 5, 300),
    });
    expect(registry.forKind('one')).toBe(registry.forKind('one'));
    expect(built).toBe(1);
    expect(registry.forKind('toString')).toBeUndefined();
    expect(brokerOrderLimits(registry)).toEqual({ perSecond: 5, perMinute: 200 });
  });

  it("ends each account's token by its own broker's rule, and an unknown kind's at the earliest end", () => {
    const expiryOf = tokenExpiryOf(
      registryOf([madeUp('day', 10, 200, 86_400_000), madeUp('hour', 10, 200, 3_600_000)]),
    );
    expect(expiryOf('day')(1_000)).toBe(86_401_000);
    expect(expiryOf('hour')(1_000)).toBe(3_601_000);
    expect(expiryOf('gone')(1_000)).toBe(3_601_000);
    expect(expiryOf(null)(1_000)).toBe(3_601_000);
  });

  it("reads an instrument's market protection as the band its orders get: −1 is the broker's automatic band", () => {
    expect(protectionPercentFor('kite', -1)).toBe(3);
    expect(protectionPercentFor(null, -1)).toBe(3);
    expect(protectionPercentFor('kite', 5)).toBe(5);
    expect(protectionPercentFor('kite', 0)).toBeNull();
  });

  it("names an account's broker in traders' words by its adapter's label, the default broker's for none", () => {
    const kite = createBrokerRegistry(setup()).forKind('kite');
    expect(brokerLabelFor('kite')).toBe(kite?.label);
    expect(brokerLabelFor(null)).toBe('Kite');
    expect(brokerLabelFor('no-such-broker')).toBe('Kite');
  });
});
