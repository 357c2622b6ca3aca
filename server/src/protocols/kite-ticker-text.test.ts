import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/provider-fixtures.js';
import {
  formatKiteTextMessage,
  formatKiteTickerCommand,
  parseKiteTextMessage,
  parseKiteTickerCommand,
} from './kite-ticker-text.js';

describe('Kite ticker text messages', () => {
  it('parses an order update carrying the postback.json payload', () => {
    const text = `{"type":"order","data":${readFixture('kite', 'postback.json')}}`;
    const message = parseKiteTextMessage(text);
    expect(message?.type).toBe('order');
    if (message?.type !== 'order') return;
    expect(message.data).toMatchObject({ order_id: '220303000308932', status: 'COMPLETE', average_price: 470 });
  });

  it('parses error and broadcast messages and ignores anything else', () => {
    expect(parseKiteTextMessage('{"type":"error","data":"Invalid token"}')).toEqual({
      type: 'error',
      data: 'Invalid token',
    });
    expect(parseKiteTextMessage('{"type":"message","data":"Maintenance at 6"}')).toEqual({
      type: 'message',
      data: 'Maintenance at 6',
    });
    expect(parseKiteTextMessage('{"type":"other"}')).toBeNull();
    expect(parseKiteTextMessage('not json')).toBeNull();
    expect(parseKiteTextMessage(formatKiteTextMessage({ type: 'error', data: 'x' }))).toEqual({
      type: 'error',
      data: 'x',
    });
  });

  it('formats and parses client commands; tokens must be numbers', () => {
    expect(formatKiteTickerCommand({ a: 'subscribe', v: [408065, 884737] })).toBe(
      '{"a":"subscribe","v":[408065,884737]}',
    );
    expect(parseKiteTickerCommand('{"a":"mode","v":["full",[408065]]}')).toEqual({ a: 'mode', v: ['full', [408065]] });
    expect(parseKiteTickerCommand('{"a":"unsubscribe","v":[1]}')).toEqual({ a: 'unsubscribe', v: [1] });
    expect(parseKiteTickerCommand('{"a":"subscribe","v":["408065"]}')).toBeNull();
    expect(parseKiteTickerCommand('{"a":"mode","v":["deep",[1]]}')).toBeNull();
    expect(parseKiteTickerCommand('{"a":"mode","v":["ltp"]}')).toBeNull();
  });
});
