import { describe, expect, it } from 'vitest';
import { KiteApiError } from '../../protocols/kite-rest.js';
import { freezeQuantityIn, toBrokerError } from '../brokers/adapters/kite/kite-errors.js';
import type { BrokerOrder, BrokerOrderParams, BrokerSlicedReply } from '../brokers/broker-port.js';
import {
  createFreezeMemory,
  intentTagOf,
  pendingRows,
  reasonOf,
  sendOrder,
  sliceTag,
  slicesIn,
  slicesOfPlacement,
  type Slice,
} from './order-slices.js';

const KITE_REFUSAL =
  'The order quantity 1820 (28 lots) is higher than the maximum quantity of 1,800 (27 lots) allowed by the exchanges. Please reduce the order quantity or use iceberg orders.';
const SANDBOX_REFUSAL =
  'Quantity 1820 exceeds the freeze quantity of 1800 for NIFTY. Split the order or place it with autoslice.';
const TOO_SMALL = 'Quantity should be greater than or equal to 1885 for order slicing.';

const order = (quantity: number): BrokerOrderParams => ({
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26D2424500CE',
  side: 'SELL',
  quantity,
  marketProtection: -1,
  tag: 'rdx0123456789abcdef',
});

/** Kite's refusal of an order as the Kite adapter hands it to the engine (the port's BrokerRejected). */
const refusal = (message: string) => toBrokerError(new KiteApiError('InputException', message, 400), 'send') as Error;

const bookOrder = (order_id: string, tag: string | null, quantity: number): BrokerOrder => ({
  order_id,
  status: 'COMPLETE',
  tag,
  tradingsymbol: 'NIFTY26D2424500CE',
  transaction_type: 'SELL',
  quantity,
  filled_quantity: quantity,
  average_price: 100,
  status_message: null,
});

/**
 * A broker that refuses plain orders above `freeze` and sliced ones at or below it, as Kite does, and
 * records every request.
 */
function fakeBroker(freeze: number, refusedWith = KITE_REFUSAL) {
  const sent: Array<{ quantity: number; isSliced: boolean }> = [];
  const rest = {
    placeOrder: (o: BrokerOrderParams) => {
      sent.push({ quantity: o.quantity, isSliced: false });
      if (o.quantity > freeze) return Promise.reject(refusal(refusedWith));
      return Promise.resolve(`plain-${sent.length}`);
    },
    placeSlicedOrder: (o: BrokerOrderParams): Promise<BrokerSlicedReply> => {
      sent.push({ quantity: o.quantity, isSliced: true });
      if (o.quantity <= freeze) return Promise.reject(refusal(TOO_SMALL));
      return Promise.resolve({ order_id: 'parent', children: [{ order_id: 'c1' }, { order_id: 'c2' }] });
    },
  };
  return { rest, sent };
}

describe('freezeQuantityIn', () => {
  it("reads the quantity from Kite's refusal and the sandbox's, and nothing from other messages", () => {
    expect(freezeQuantityIn(KITE_REFUSAL)).toBe(1800);
    expect(freezeQuantityIn(SANDBOX_REFUSAL)).toBe(1800);
    expect(freezeQuantityIn('Insufficient funds.')).toBeNull();
  });
});

describe('sendOrder', () => {
  const opts = (memory = createFreezeMemory()) => {
    let turns = 0;
    return {
      memory,
      instrumentId: 1,
      inTurn: <T>(request: () => Promise<T>) => {
        turns += 1;
        return request();
      },
      turns: () => turns,
    };
  };

  it('sends an order within the freeze quantity once, plain', async () => {
    const { rest, sent } = fakeBroker(1800);
    const o = opts();
    expect(await sendOrder(rest, order(1755), o)).toEqual({ isSliced: false, orderId: 'plain-1' });
    expect(sent).toEqual([{ quantity: 1755, isSliced: false }]);
    expect(o.turns()).toBe(1);
  });

  it('resends an order Kite refused for its size with autoslice, and slices the next large one at once', async () => {
    const { rest, sent } = fakeBroker(1800);
    const o = opts();
    expect(await sendOrder(rest, order(1820), o)).toEqual({
      isSliced: true,
      parentId: 'parent',
      childIds: ['c1', 'c2'],
      refusals: [],
    });
    expect(sent).toEqual([
      { quantity: 1820, isSliced: false },
      { quantity: 1820, isSliced: true },
    ]);
    expect(o.turns()).toBe(2); // the refused request took its turn of the rate limit too
    await sendOrder(rest, order(3640), o);
    await sendOrder(rest, order(1755), o);
    expect(sent.slice(2)).toEqual([
      { quantity: 3640, isSliced: true },
      { quantity: 1755, isSliced: false },
    ]);
  });

  it('learns from the sandbox wording too', async () => {
    const { rest, sent } = fakeBroker(1800, SANDBOX_REFUSAL);
    const memory = createFreezeMemory();
    await sendOrder(rest, order(1820), opts(memory));
    expect(memory.isAbove(1, 1820)).toBe(true);
    expect(sent.map((s) => s.isSliced)).toEqual([false, true]);
  });

  it('sends plain again when the freeze quantity was raised since Kite named it', async () => {
    const memory = createFreezeMemory();
    memory.learn(1, freezeQuantityIn(KITE_REFUSAL));
    const { rest, sent } = fakeBroker(2700);
    expect(await sendOrder(rest, order(1820), opts(memory))).toEqual({ isSliced: false, orderId: 'plain-2' });
    expect(sent).toEqual([
      { quantity: 1820, isSliced: true },
      { quantity: 1820, isSliced: false },
    ]);
    expect(memory.isAbove(1, 1820)).toBe(false);
  });

  it('throws any other refusal, or a second one, as it came', async () => {
    const refusing = {
      placeOrder: () => Promise.reject(refusal('Insufficient funds.')),
      placeSlicedOrder: () => Promise.reject(new Error('not asked')),
    };
    await expect(sendOrder(refusing, order(65), opts())).rejects.toThrow('Insufficient funds.');
    const alwaysTooBig = {
      placeOrder: () => Promise.reject(refusal(KITE_REFUSAL)),
      placeSlicedOrder: () => Promise.reject(refusal('Too many slices.')),
    };
    await expect(sendOrder(alwaysTooBig, order(65 * 500), opts())).rejects.toThrow('Too many slices.');
    const lost = {
      placeOrder: () => Promise.reject(new TypeError('fetch failed')),
      placeSlicedOrder: () => Promise.reject(new Error('not asked')),
    };
    await expect(sendOrder(lost, order(1820), opts())).rejects.toThrow('fetch failed');
  });

  it('names the slices Kite refused in its reply', async () => {
    const rest = {
      placeOrder: () => Promise.reject(refusal(KITE_REFUSAL)),
      placeSlicedOrder: () =>
        Promise.resolve({
          order_id: 'parent',
          children: [{ order_id: 'c1' }, { error: { message: 'Margin exceeds.', error_type: 'MarginException' } }],
        }),
    };
    expect(await sendOrder(rest, order(1820), opts())).toMatchObject({
      childIds: ['c1'],
      refusals: ['Margin exceeds.'],
    });
  });
});

describe('finding the slices of an intent', () => {
  const tag = 'rdx0123456789abcdef';
  const book = [
    bookOrder('a', 'other', 65),
    bookOrder('c1', tag, 1755),
    bookOrder('c2', tag, 65),
    bookOrder('x', null, 65),
  ];

  it('takes every order carrying the tag, or named by the reply', () => {
    expect(slicesIn(book, tag)).toEqual([
      { brokerOrderId: 'c1', quantity: 1755 },
      { brokerOrderId: 'c2', quantity: 65 },
    ]);
    expect(slicesIn(book, 'none', ['x'])).toEqual([{ brokerOrderId: 'x', quantity: 65 }]);
  });

  it("after a placement: the reply's children, asking for the history of one the book does not show yet", async () => {
    const asked: string[] = [];
    const rest = {
      label: 'Kite',
      orders: () => Promise.resolve(book.slice(0, 2)),
      orderHistory: (id: string) => {
        asked.push(id);
        return Promise.resolve([bookOrder(id, tag, 65)]);
      },
    };
    const sent = { isSliced: true as const, parentId: 'parent', childIds: ['c1', 'c2'], refusals: [] };
    expect(await slicesOfPlacement(rest, tag, sent)).toEqual([
      { brokerOrderId: 'c1', quantity: 1755 },
      { brokerOrderId: 'c2', quantity: 65 },
    ]);
    expect(asked).toEqual(['c2']);
  });

  it("with Kite's plain reply: the book's orders with the tag, else the reply's own order", async () => {
    const plain = { isSliced: true as const, parentId: 'p', childIds: null, refusals: [] };
    const rest = { label: 'Kite', orders: () => Promise.resolve(book), orderHistory: () => Promise.resolve([]) };
    expect((await slicesOfPlacement(rest, tag, plain)).map((s) => s.brokerOrderId)).toEqual(['c1', 'c2']);
    const alone = {
      label: 'Kite',
      orders: () => Promise.resolve([]),
      orderHistory: (id: string) => Promise.resolve([bookOrder(id, null, 1820)]),
    };
    expect(await slicesOfPlacement(alone, tag, plain)).toEqual([{ brokerOrderId: 'p', quantity: 1820 }]);
  });

  it('gives a pending row its own order, the one order with its tag, or a row per slice', async () => {
    const assigned: Slice[][] = [];
    const repo = {
      assignSlices: (id: number, slices: readonly Slice[]) => {
        assigned.push([...slices]);
        return Promise.resolve(slices.map((s, i) => ({ id: id + i, ...s })));
      },
    };
    const row = { id: 7, tag, quantity: 1820, brokerOrderId: null };
    expect(await pendingRows(repo, { ...row, brokerOrderId: 'known' }, book, 0)).toEqual([
      { id: 7, brokerOrderId: 'known', quantity: 1820 },
    ]);
    expect(await pendingRows(repo, { ...row, tag: 'other' }, book, 0)).toEqual([
      { id: 7, brokerOrderId: 'a', quantity: 65 },
    ]);
    expect(await pendingRows(repo, { ...row, tag: 'never' }, book, 0)).toEqual([]);
    expect(assigned).toEqual([]);
    expect(await pendingRows(repo, row, book, 0)).toEqual([
      { id: 7, brokerOrderId: 'c1', quantity: 1755 },
      { id: 8, brokerOrderId: 'c2', quantity: 65 },
    ]);
    expect(assigned).toHaveLength(1);
  });
});

describe('slice rows and reasons', () => {
  it("tags a slice's row uniquely and finds the intent's tag again", () => {
    expect(sliceTag('rdxabc', 1)).toBe('rdxabc');
    expect(sliceTag('rdxabc', 3)).toBe('rdxabc.3');
    expect(intentTagOf('rdxabc.3')).toBe('rdxabc');
    expect(intentTagOf('rdxabc')).toBe('rdxabc');
  });

  it('joins what went wrong, or says nothing did', () => {
    expect(reasonOf([null, null])).toBeNull();
    expect(reasonOf([null, 'only 10 of 65 filled', 'a slice was refused: x'])).toBe(
      'only 10 of 65 filled; a slice was refused: x',
    );
  });
});
