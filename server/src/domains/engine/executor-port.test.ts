import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  BrokerRejected,
  type Broker,
  type BrokerAccount,
  type BrokerOrder,
  type BrokerOrderParams,
} from '../brokers/broker-port.js';
import { registryOf } from '../brokers/broker-registry.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { EngineRepository } from './engine.repository.js';
import type { MappingState } from './engine.types.js';
import { createExecutor } from './executor.js';

/*
 * The executor reaches a broker through the port alone: a made-up broker, registered in a registry of this
 * test's own (never the product's), takes a live entry end to end: its tag rule names the order, its
 * trades are booked, its refusal is the port's.
 */

const SYMBOL = 'NIFTY26D2424500CE';
const AT = Date.parse('2026-11-23T05:00:00Z');

function fakeBroker(opts: { refuse?: string } = {}) {
  const placed: BrokerOrderParams[] = [];
  const filled = (orderId: string): BrokerOrder => ({
    order_id: orderId,
    status: 'COMPLETE',
    tag: placed[0]?.tag ?? null,
    tradingsymbol: SYMBOL,
    transaction_type: 'SELL',
    quantity: 75,
    filled_quantity: 75,
    average_price: 101.55,
    status_message: null,
  });
  const account: BrokerAccount = {
    label: 'Fakebroker',
    placeOrder: (order) => {
      placed.push(order);
      if (opts.refuse) return Promise.reject(new BrokerRejected(opts.refuse, { broker: 'Fakebroker' }));
      return Promise.resolve('F-1');
    },
    placeSlicedOrder: () => Promise.reject(new Error('not asked')),
    cancelOrder: (id) => Promise.resolve(id),
    orders: () => Promise.resolve([]),
    orderHistory: (id) => Promise.resolve([filled(id)]),
    orderTrades: (id) => Promise.resolve([{ trade_id: 'T-1', order_id: id, quantity: 75, average_price: 101.55 }]),
    dayTrades: () => Promise.resolve([]),
    positions: () => Promise.resolve([]),
    watchOrders: () => undefined,
  };
  const broker: Broker = {
    kind: 'fake',
    label: 'Fakebroker',
    rules: {
      product: 'CARRY',
      newOrderTag: () => `fake${placed.length + 1}`,
      orderLimits: { perSecond: 1, perMinute: 60 },
      tokenExpiresAt: (generatedAt) => generatedAt + 86_400_000,
      brokerage: [{ from: '2024-10-01', perOrderPaise: 2000 }],
    },
    account: () => account,
    login: () => Promise.reject(new Error('not asked')),
    close: () => Promise.resolve(),
  };
  return { broker, placed };
}

function fakeRepo() {
  const booked: Array<{ orderId: number; fills: unknown }> = [];
  const failed: Array<{ id: number; why: string }> = [];
  const pendingTags: string[] = [];
  const repo = {
    positionVersionOf: () => Promise.resolve(4),
    insertPending: (row: { tag: string }) => {
      pendingTags.push(row.tag);
      return Promise.resolve(11);
    },
    markPlaced: () => Promise.resolve(),
    markFailed: (id: number, why: string) => {
      failed.push({ id, why });
      return Promise.resolve();
    },
    setAtm: () => Promise.resolve(),
    recordFills: (orderId: number, fills: unknown) => {
      booked.push({ orderId, fills });
      return Promise.resolve([]);
    },
  };
  return { repo: repo as unknown as EngineRepository, booked, failed, pendingTags };
}

const mapping = { id: 3, userId: 2, userBrokerId: 9, instrumentId: 1, marketProtection: -1, positionVersion: 4 };

function executorWith(broker: Broker, repo: EngineRepository) {
  const registry = registryOf([broker]);
  return createExecutor({
    repo,
    chain: {} as OptionChainService,
    accessOf: (id) => {
      const found = registry.forKind('fake');
      if (!found) throw new Error('no fake broker');
      const credentials = { accessToken: 'token', apiKey: null, tokenUpdatedAt: AT };
      return Promise.resolve({ broker: found, account: found.account({ userBrokerId: id ?? 0, credentials }) });
    },
    logger: pino({ level: 'silent' }),
    events: { publish: () => Promise.resolve() },
  });
}

const entry = {
  mapping: mapping as MappingState,
  decision: {
    action: 'enter' as const,
    atmPaise: 2_450_000,
    open: [
      {
        option: {
          tradingSymbol: SYMBOL,
          exchange: 'NFO',
          strikePaise: 2_450_000,
          expiry: '2026-12-24',
          optionType: 'CE' as const,
          lotSize: 75,
          instrumentToken: 1,
        },
        quantity: 75,
      },
    ],
  },
};

describe('a live entry through a broker the engine knows only by its port', () => {
  it("sends the order under the adapter's tag and books the broker's trade at its price", async () => {
    const { broker, placed } = fakeBroker();
    const { repo, booked, pendingTags } = fakeRepo();
    await executorWith(broker, repo).executeLive(entry, AT);
    expect(placed).toEqual([
      { exchange: 'NFO', tradingSymbol: SYMBOL, side: 'SELL', quantity: 75, marketProtection: -1, tag: 'fake1' },
    ]);
    expect(pendingTags).toEqual(['fake1']);
    expect(booked).toEqual([{ orderId: 11, fills: [{ tradeId: 'T-1', quantity: 75, pricePaise: 10_155 }] }]);
  });

  it("fails the order with the broker's words when the broker rejects it", async () => {
    const { broker } = fakeBroker({ refuse: 'Margin exceeds.' });
    const { repo, failed, booked } = fakeRepo();
    await expect(executorWith(broker, repo).executeLive(entry, AT)).rejects.toThrow('Margin exceeds.');
    expect(failed).toEqual([{ id: 11, why: 'Margin exceeds.' }]);
    expect(booked).toEqual([]);
  });
});
