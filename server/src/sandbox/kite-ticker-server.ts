/**
 * The Kite ticker WebSocket (PROTOCOLS.md §3): `?api_key&access_token`, JSON subscribe/unsubscribe/mode
 * commands, framed binary ticks on every price step, 1-byte heartbeats while idle, and order updates as
 * `{"type":"order"}` text frames.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { KITE_HEARTBEAT, encodeKitePacket, frameKitePackets } from '../protocols/kite-ticker-encode.js';
import { formatKiteTextMessage, parseKiteTickerCommand } from '../protocols/kite-ticker-text.js';
import type { KiteTickMode } from '../protocols/kite-ticker.js';
import { kiteError } from '../protocols/kite-rest.js';
import type { SandboxInstrument } from './instrument-universe.js';
import type { SandboxOrder } from './kite-order-book.js';
import { orderUpdatesFor, type FillState, type OrderEvent } from './kite-order-updates.js';
import { snapshot, type Snapshot } from './kite-quotes.js';
import { nowSecond, type SandboxContext } from './sandbox-context.js';
import { wsText } from '../protocols/ws-data.js';
import { refuseUpgrade } from './ws-kit.js';

interface Connection {
  ws: WebSocket;
  userId: string;
  modes: Map<number, KiteTickMode>;
  lastSentAt: number;
}

/** The ticker endpoint of one sandbox. */
export interface KiteTickerServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Sends every subscriber the ticks of price step `second`. */
  onStep(second: number): void;
  /** Sends the updates of an order's change to every ticker connection of its owner (kite-order-updates.ts). */
  pushOrder(order: SandboxOrder, event: OrderEvent, before?: FillState): void;
  /** The user behind each open connection. */
  usersConnected(): string[];
  /** Cuts every connection without a close handshake, like a network failure; returns how many. */
  dropAll(): number;
  close(): void;
}

type TickCache = Map<number, Snapshot | number>;

/** The ticker's connections and their subscriptions. */
class KiteTicker implements KiteTickerServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly ctx: SandboxContext,
    private readonly heartbeatMs: number,
  ) {
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    const apiKey = url.searchParams.get('api_key') ?? '';
    const token = url.searchParams.get('access_token') ?? '';
    const session = this.ctx.sessions.find(apiKey, token, this.ctx.clock.now());
    if (!session) {
      const body = JSON.stringify(kiteError('TokenException', 'Invalid `api_key` or `access_token`.'));
      refuseUpgrade(socket, '403 Forbidden', body, 'application/json');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, session.userId));
  }

  onStep(second: number): void {
    const cache: TickCache = new Map();
    // Outside its session an NSE instrument does not move, and Kite's ticker sends it nothing.
    const isLive = (token: number) => {
      const instrument = this.ctx.universe.resolveToken(token, this.ctx.clock.now());
      return instrument !== null && this.ctx.pricing.isTrading(instrument, second);
    };
    for (const c of this.connections) {
      if (c.modes.size === 0) continue;
      this.sendTicks(
        c,
        [...c.modes].filter(([token]) => isLive(token)),
        second,
        cache,
      );
    }
  }

  pushOrder(order: SandboxOrder, event: OrderEvent, before?: FillState): void {
    const owners = [...this.connections].filter((c) => c.userId === order.userId);
    if (owners.length === 0) return;
    // Sent once, to the connections open now: an update is not kept for a client that reconnects later.
    for (const data of orderUpdatesFor(order, event, before)) {
      const text = formatKiteTextMessage({ type: 'order', data });
      for (const c of owners) this.send(c, text);
    }
  }

  usersConnected(): string[] {
    return [...this.connections].map((c) => c.userId);
  }

  dropAll(): number {
    const count = this.connections.size;
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
    return count;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.dropAll();
    this.wss.close();
  }

  private accept(ws: WebSocket, userId: string): void {
    const c: Connection = { ws, userId, modes: new Map(), lastSentAt: performance.now() };
    this.connections.add(c);
    ws.on('message', (data, isBinary) => this.onCommand(c, data, isBinary));
    ws.on('close', () => this.connections.delete(c));
    ws.on('error', () => this.connections.delete(c));
  }

  private beat(): void {
    const now = performance.now();
    for (const c of this.connections) if (now - c.lastSentAt >= this.heartbeatMs * 0.9) this.send(c, KITE_HEARTBEAT);
  }

  private send(c: Connection, data: Uint8Array | string): void {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    c.ws.send(data);
    c.lastSentAt = performance.now();
  }

  private onCommand(c: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    const command = parseKiteTickerCommand(wsText(data));
    if (!command) return this.send(c, formatKiteTextMessage({ type: 'error', data: 'Invalid message' }));
    const changed: [number, KiteTickMode][] = [];
    if (command.a === 'subscribe') {
      for (const token of command.v) {
        // New subscriptions start in quote mode (KF); re-subscribing keeps the current mode.
        const mode = c.modes.get(token) ?? 'quote';
        c.modes.set(token, mode);
        changed.push([token, mode]);
      }
    } else if (command.a === 'unsubscribe') {
      for (const token of command.v) c.modes.delete(token);
    } else if (command.a === 'mode') {
      const [mode, tokens] = command.v;
      for (const token of tokens.filter((t) => c.modes.has(t))) {
        c.modes.set(token, mode);
        changed.push([token, mode]);
      }
    }
    // A fresh subscription gets the current tick at once rather than waiting for the next step.
    this.sendTicks(c, changed, nowSecond(this.ctx), new Map());
  }

  private sendTicks(c: Connection, entries: Iterable<[number, KiteTickMode]>, second: number, cache: TickCache): void {
    const packets: Uint8Array[] = [];
    for (const [token, mode] of entries) {
      const instrument = this.ctx.universe.resolveToken(token, this.ctx.clock.now());
      if (!instrument) continue;
      const input = this.tickInput(instrument, mode, second, cache);
      packets.push(encodeKitePacket(input, mode, instrument.kind === 'index'));
    }
    if (packets.length > 0) this.send(c, frameKitePackets(packets));
  }

  /** Computes each instrument's figures once per step, however many connections want them. */
  private tickInput(instrument: SandboxInstrument, mode: KiteTickMode, second: number, cache: TickCache) {
    const cached = cache.get(instrument.instrumentToken);
    if (typeof cached === 'object') return cached;
    if (mode === 'ltp') {
      const last = cached ?? this.ctx.pricing.ltpPaise(instrument, second);
      cache.set(instrument.instrumentToken, last);
      return { instrumentToken: instrument.instrumentToken, lastPricePaise: last };
    }
    const full = snapshot(this.ctx.pricing, instrument, second);
    cache.set(instrument.instrumentToken, full);
    return full;
  }
}

/** Creates the ticker; `heartbeatMs` is how long a connection may stay silent before a heartbeat. */
export function createKiteTickerServer(ctx: SandboxContext, heartbeatMs: number): KiteTickerServer {
  return new KiteTicker(ctx, heartbeatMs);
}
