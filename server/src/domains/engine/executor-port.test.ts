import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  BrokerRejected,
  type Broker,
  type BrokerAccount,
  type BrokerOrder,
  type BrokerOrderParams,
} from '../brokers/broker-port.js';
import { registryOf } from '../brokers/broker-registry.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { manualClock, type Clock } from '../../platform/clock.js';
import type { EngineRepository } from './engine.repository.js';
import type { MappingState } from './engine.types.js';
import { createExecutor, UNSENT_GRACE_MS } from './executor.js';
import { NEVER_SENT } from './orders.repository.js';

/*
 * The executor reaches a broker through the port alone: a made-up broker, registered in a registry of this
 * test's own (never the product's), takes a live entry end to end: its tag rule names the order, its
 * trades are booked, its refusal is the port's.
 */

const SYMBOL = 'NIFTY26D2424500CE';
const AT = Date.parse('2026-11-23T05:00:00Z');

function fakeBroker(opts: { refuse?: string; sendsWhen?: Promise<void> } = {}) {
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
      return (opts.sendsWhen ?? Promise.resolve()).then(() => 'F-1');
    },
    placeSlicedOrder: () => Promise.reject(new Error('not asked')),
    cancelOrder: (id) => Promise.resolve(id),
    orders: () => Promise.resolve([]),
    orderHistory: (id) => Promise.resolve([filled(id)]),
    orderTrades: (id) => Promise.resolve([{ trade_id: 'T-1', order_id: id, quantity: 75, average_price: 101.55 }]),
    dayTrades: () => Promise.resolve([]),
    positions: () => Promise.resolve([]),
    margins: () => Promise.reject(new Error('not asked')),
    profile: () => Promise.reject(new Error('not asked')),
    basketMargin: () => Promise.reject(new Error('not asked')),
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
      tokenEndWords: 'a day after it was made',
      brokerage: [{ from: '2024-10-01', perOrderPaise: 2000 }],
      autoProtectionPercent: 2,
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
  /** Rows as the database would hold them while pending (another console's are pushed by the test). */
  const pending: Array<Record<string, unknown> & { id: number }> = [];
  const repo = {
    positionVersionOf: () => Promise.resolve(4),
    insertPending: (row: { tag: string }) => {
      pendingTags.push(row.tag);
      pending.push({ ...row, id: 11, brokerOrderId: null, status: 'pending' });
      return Promise.resolve(11);
    },
    pendingOf: () => Promise.resolve(pending.filter((o) => !failed.some((f) => f.id === o.id))),
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
  return { repo: repo as unknown as EngineRepository, booked, failed, pendingTags, pending };
}

const mapping = { id: 3, userId: 2, userBrokerId: 9, instrumentId: 1, marketProtection: -1, positionVersion: 4 };

function executorWith(broker: Broker, repo: EngineRepository, clock: Clock = manualClock(AT)) {
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
    instance: 'this-console',
    clock,
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
        side: 'SELL' as const,
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

describe('an order written but not at the broker yet', () => {
  it('is waited for while this console is still sending it, even with its strategy settled again meanwhile', async () => {
    let send = () => undefined as void;
    const { broker } = fakeBroker({ sendsWhen: new Promise<void>((r) => (send = r)) });
    const { repo, failed, booked } = fakeRepo();
    const executor = executorWith(broker, repo);
    const entering = executor.executeLive(entry, AT);
    // The strategy's lock lost under the send (a cut connection): another decision settles its orders now.
    await vi.waitFor(async () =>
      expect(await executor.settleOpenOrders(mapping as MappingState, AT)).toEqual([
        `SELL 75 ${SYMBOL} (being placed)`,
      ]),
    );
    send();
    await entering;
    expect(failed).toEqual([]);
    expect(booked.map((b) => b.orderId)).toEqual([11]);
  });

  it("is waited for a minute of this console's time when another console wrote it, whatever the candle's clock says", async () => {
    const { broker } = fakeBroker();
    const { repo, failed, pending } = fakeRepo();
    const clock = manualClock(AT);
    const executor = executorWith(broker, repo, clock);
    pending.push({
      id: 12,
      tag: 'other1',
      side: 'SELL',
      quantity: 75,
      tradingSymbol: SYMBOL,
      brokerOrderId: null,
      writtenBy: 'another-console',
      writtenAt: AT,
      createdAt: AT,
    });
    // A candle close on an exchange clock ten minutes ahead of the consoles'.
    const candleAt = AT + 10 * 60_000;
    expect(await executor.settleOpenOrders(mapping as MappingState, candleAt)).toEqual([
      `SELL 75 ${SYMBOL} (being placed)`,
    ]);
    expect(failed).toEqual([]);
    clock.advance(UNSENT_GRACE_MS);
    expect(await executor.settleOpenOrders(mapping as MappingState, candleAt + 6000)).toEqual([]);
    expect(failed).toEqual([{ id: 12, why: NEVER_SENT }]);
  });
});
