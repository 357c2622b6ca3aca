import { describe, expect, it } from 'vitest';
import { readFixture, readJsonFixture } from '../../../../../test/provider-fixtures.js';
import { isFinalKiteStatus, parseKiteOrderFrame } from './kite-order-frames.js';

const frame = (data: unknown) => JSON.stringify({ type: 'order', data });
const postback = () => readJsonFixture<Record<string, unknown>>('kite', 'postback.json');

describe('Kite order frames', () => {
  it('reads the postback payload Kite pushes on the ticker', () => {
    expect(parseKiteOrderFrame(`{"type":"order","data":${readFixture('kite', 'postback.json')}}`)).toEqual({
      order_id: '220303000308932',
      status: 'COMPLETE',
      tag: null,
      tradingsymbol: 'SBIN',
      transaction_type: 'BUY',
      quantity: 1,
      filled_quantity: 1,
      average_price: 470,
      status_message: null,
    });
  });

  it('reads a partial fill (UPDATE) with its tag, and a rejection with its reason', () => {
    const partial = { ...postback(), status: 'UPDATE', quantity: 3, filled_quantity: 2, tag: 'rdx0a1b' };
    expect(parseKiteOrderFrame(frame(partial))).toMatchObject({ status: 'UPDATE', filled_quantity: 2, tag: 'rdx0a1b' });
    const rejected = { ...postback(), status: 'REJECTED', filled_quantity: 0, status_message: 'Insufficient funds' };
    expect(parseKiteOrderFrame(frame(rejected))).toMatchObject({ status_message: 'Insufficient funds' });
  });

  it('drops other frames and updates missing a field the console books from', () => {
    expect(parseKiteOrderFrame('{"type":"error","data":"Invalid token"}')).toBeNull();
    expect(parseKiteOrderFrame('{"type":"message","data":"hello"}')).toBeNull();
    expect(parseKiteOrderFrame('not json')).toBeNull();
    const { average_price: _, ...noPrice } = postback();
    expect(parseKiteOrderFrame(frame(noPrice))).toBeNull();
    expect(parseKiteOrderFrame(frame({ ...postback(), filled_quantity: '1' }))).toBeNull();
  });

  it('knows which statuses end an order', () => {
    expect(['COMPLETE', 'CANCELLED', 'REJECTED'].map(isFinalKiteStatus)).toEqual([true, true, true]);
    expect(['OPEN', 'UPDATE', 'TRIGGER PENDING'].map(isFinalKiteStatus)).toEqual([false, false, false]);
  });
});
