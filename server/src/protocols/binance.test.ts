import { describe, expect, it } from 'vitest';
import { readFixture, readJsonFixture } from '../../test/provider-fixtures.js';
import {
  binanceKlineStreamName,
  formatBinanceCombined,
  formatBinanceKlineEvent,
  formatBinanceKlineRow,
  formatBinanceStreamRequest,
  formatBinanceStreamResult,
  isBinanceError,
  parseBinanceKlineEvent,
  parseBinanceKlineRow,
  parseBinanceKlineStreamName,
  parseBinanceStreamMessage,
  parseBinanceStreamRequest,
} from './binance.js';

describe('Binance REST klines', () => {
  it('parses the real ccxt capture of GET /api/v3/klines', () => {
    const rows = readJsonFixture<unknown[]>('binance', 'ccxt-binance-spot-klines-BTCUSDT-1h.json');
    const klines = rows.map(parseBinanceKlineRow);
    expect(klines[0]).toEqual({
      openTime: 1706630400000,
      open: '43519.34000000',
      high: '43936.00000000',
      low: '43171.00000000',
      close: '43488.71000000',
      volume: '20.55495000',
      closeTime: 1706633999999,
      quoteVolume: '891428.42858070',
      trades: 3743,
      takerBuyBaseVolume: '10.91428000',
      takerBuyQuoteVolume: '473782.95739920',
    });
    // closeTime is the next openTime − 1.
    expect(klines[0]?.closeTime).toBe((klines[1]?.openTime ?? 0) - 1);
    expect(klines.map(formatBinanceKlineRow)).toEqual(rows);
  });

  it('parses the docs example row and rejects malformed rows', () => {
    const [row] = readJsonFixture<unknown[]>('binance', 'api-v3-klines.docs-example.json');
    expect(parseBinanceKlineRow(row)).toMatchObject({ openTime: 1499040000000, trades: 308, close: '0.01577100' });
    expect(() => parseBinanceKlineRow([1, 2, 3])).toThrow(SyntaxError);
    expect(() => parseBinanceKlineRow([1, 1, '', '', '', '', 2, '', 3, '', '', '0'])).toThrow(/open/);
  });

  it('recognises error bodies', () => {
    expect(isBinanceError({ code: -1121, msg: 'Invalid symbol.' })).toBe(true);
    expect(isBinanceError([])).toBe(false);
  });
});

describe('Binance kline streams', () => {
  const docEvent = readJsonFixture<unknown>('binance', 'ws-kline.docs-example.json');

  it('parses the docs kline event and formats it back identically', () => {
    const event = parseBinanceKlineEvent(docEvent);
    expect(event).toMatchObject({
      eventTime: 1672515782136,
      symbol: 'BNBBTC',
      kline: { openTime: 1672515780000, closeTime: 1672515839999, interval: '1m', isClosed: false, close: '0.0020' },
    });
    const back = formatBinanceKlineEvent(event as NonNullable<typeof event>);
    expect({ ...back, k: { ...back.k, B: '123456' } }).toEqual(docEvent);
  });

  it('classifies raw events, combined envelopes and control replies', () => {
    const raw = readFixture('binance', 'ws-kline.docs-example.json');
    expect(parseBinanceStreamMessage(raw)).toMatchObject({ kind: 'kline', stream: null });
    const combined = JSON.stringify(formatBinanceCombined('bnbbtc@kline_1m', docEvent));
    expect(parseBinanceStreamMessage(combined)).toMatchObject({ kind: 'kline', stream: 'bnbbtc@kline_1m' });
    const reply = readFixture('binance', 'ws-subscribe-response.docs-example.json');
    expect(parseBinanceStreamMessage(reply)).toEqual({ kind: 'result', id: 1, result: null });
    expect(JSON.parse(reply)).toEqual(formatBinanceStreamResult(1));
    expect(parseBinanceStreamMessage('{"error":{"code":2,"msg":"Invalid request"},"id":7}')).toEqual({
      kind: 'error',
      id: 7,
      code: 2,
      msg: 'Invalid request',
    });
  });

  it('parses the docs SUBSCRIBE request and builds the same one', () => {
    const text = readFixture('binance', 'ws-subscribe-request.docs-example.json');
    const request = parseBinanceStreamRequest(text);
    expect(request).toEqual({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade', 'btcusdt@depth'], id: 1 });
    expect(formatBinanceStreamRequest('SUBSCRIBE', ['btcusdt@aggTrade', 'btcusdt@depth'], 1)).toEqual(JSON.parse(text));
    expect(parseBinanceStreamRequest('{"method":"FOO","id":2}')).toMatchObject({ error: expect.any(String), id: 2 });
    expect(parseBinanceStreamRequest('{')).toMatchObject({ error: 'Invalid JSON' });
  });

  it('names kline streams in lowercase and splits them back', () => {
    expect(binanceKlineStreamName('BTCUSDT', '1m')).toBe('btcusdt@kline_1m');
    expect(binanceKlineStreamName('BTCUSDT', '1M')).toBe('btcusdt@kline_1M');
    expect(parseBinanceKlineStreamName('btcusdt@kline_1h')).toEqual({ symbol: 'BTCUSDT', interval: '1h' });
    expect(parseBinanceKlineStreamName('btcusdt@kline_7m')).toBeNull();
    expect(parseBinanceKlineStreamName('btcusdt@depth')).toBeNull();
  });
});
