/**
 * Binance kline streams (PROTOCOLS.md §4): raw `/ws/<stream>` and combined `/stream?streams=a/b`,
 * SUBSCRIBE/UNSUBSCRIBE/LIST_SUBSCRIPTIONS with `{"result":..,"id":..}` replies, a kline event on every
 * price step (`x: true` on the step that closes the kline), and server pings.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  formatBinanceKlineEvent,
  formatBinanceStreamResult,
  parseBinanceKlineStreamName,
  parseBinanceStreamRequest,
} from '../protocols/binance.js';
import { buildStreamKline } from './binance-klines.js';
import { binanceCandleStart } from './candle-windows.js';
import type { PriceFeed } from './price-feed.js';
import { BINANCE_SYMBOLS } from './sandbox-market.js';
import { wsText } from '../protocols/ws-data.js';
import { refuseUpgrade } from './ws-kit.js';

interface Connection {
  ws: WebSocket;
  isCombined: boolean;
  streams: Set<string>;
  lastPongAt: number;
}

/** Timing of keep-alives. Binance pings every 20 s and drops clients silent for a minute. */
export interface BinancePingOptions {
  pingMs: number;
  pongTimeoutMs: number;
}

/** The stream endpoint of one sandbox. */
export interface BinanceStreamServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, path: string, url: URL): void;
  onStep(second: number): void;
  dropAll(): number;
  close(): void;
}

class BinanceStreams implements BinanceStreamServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly feed: PriceFeed,
    private readonly options: BinancePingOptions,
  ) {
    this.pinger = setInterval(() => this.ping(), options.pingMs);
    this.pinger.unref();
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, path: string, url: URL): void {
    const isCombined = path === '/stream';
    const raw = /^\/ws(?:\/(.+))?$/.exec(path);
    if (!isCombined && !raw) {
      refuseUpgrade(socket, '404 Not Found');
      return;
    }
    const listed = isCombined ? (url.searchParams.get('streams') ?? '') : (raw?.[1] ?? '');
    const streams = new Set(listed.split('/').filter(Boolean));
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, isCombined, streams));
  }

  onStep(second: number): void {
    const events = new Map<string, string | null>();
    for (const c of this.connections) {
      for (const stream of c.streams) {
        if (!events.has(stream)) events.set(stream, this.eventJson(stream, second));
        const event = events.get(stream);
        if (!event) continue;
        // The combined envelope {"stream","data"}, spliced as text so each event is serialised once.
        this.send(c, c.isCombined ? `{"stream":${JSON.stringify(stream)},"data":${event}}` : event);
      }
    }
  }

  dropAll(): number {
    const count = this.connections.size;
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
    return count;
  }

  close(): void {
    clearInterval(this.pinger);
    this.dropAll();
    this.wss.close();
  }

  private accept(ws: WebSocket, isCombined: boolean, streams: Set<string>): void {
    const c: Connection = { ws, isCombined, streams, lastPongAt: performance.now() };
    this.connections.add(c);
    ws.on('pong', () => {
      c.lastPongAt = performance.now();
    });
    ws.on('message', (data, isBinary) => this.onRequest(c, data, isBinary));
    ws.on('close', () => this.connections.delete(c));
    ws.on('error', () => this.connections.delete(c));
  }

  private ping(): void {
    const now = performance.now();
    for (const c of this.connections) {
      if (now - c.lastPongAt > this.options.pongTimeoutMs) {
        c.ws.terminate();
        this.connections.delete(c);
      } else if (c.ws.readyState === WebSocket.OPEN) {
        c.ws.ping();
      }
    }
  }

  private send(c: Connection, text: string): void {
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(text);
  }

  private onRequest(c: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    const request = parseBinanceStreamRequest(wsText(data));
    if ('error' in request) {
      const code = request.error === 'Invalid JSON' ? 3 : 2;
      this.send(c, JSON.stringify({ error: { code, msg: request.error }, id: request.id ?? null }));
      return;
    }
    if (request.method === 'SUBSCRIBE') for (const s of request.params) c.streams.add(s);
    if (request.method === 'UNSUBSCRIBE') for (const s of request.params) c.streams.delete(s);
    const result = request.method === 'LIST_SUBSCRIPTIONS' ? [...c.streams] : null;
    this.send(c, JSON.stringify(formatBinanceStreamResult(request.id, result)));
  }

  /** The event text for a stream at a step; null for streams the sandbox does not produce. */
  private eventJson(stream: string, second: number): string | null {
    const name = parseBinanceKlineStreamName(stream);
    const spec = name && BINANCE_SYMBOLS.find((s) => s.symbol === name.symbol);
    if (!name || !spec) return null;
    const nowMs = second * 1000;
    const kline = buildStreamKline(this.feed, spec, name.interval, binanceCandleStart(name.interval, nowMs), nowMs);
    if (!kline) return null;
    return JSON.stringify(formatBinanceKlineEvent({ eventTime: nowMs, symbol: spec.symbol, kline }));
  }
}

/** Creates the stream server over `feed`. */
export function createBinanceStreamServer(feed: PriceFeed, options: BinancePingOptions): BinanceStreamServer {
  return new BinanceStreams(feed, options);
}
