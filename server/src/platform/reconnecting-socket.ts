import WebSocket, { type RawData } from 'ws';
import { reconnectDelay } from './outbound.js';

/** A connection attempt that has not opened by then is given up and retried. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface ReconnectingSocketOptions {
  /** Resolved at every (re)connect, so a refreshed access token is picked up. */
  url: () => Promise<string>;
  onOpen: (send: (text: string) => void, isReconnect: boolean, lastMessageAt: number | null) => void;
  onMessage: (data: RawData, isBinary: boolean) => void;
  onConnectionChange: (isConnected: boolean) => void;
  onError?: (err: unknown) => void;
  /**
   * The server refused the handshake with this HTTP status: 'retry' (the default) keeps reconnecting with
   * backoff; 'stop' halts until `resume()` (a refused access token will not become valid by retrying).
   */
  onRefused?: (status: number) => Promise<'retry' | 'stop'> | 'retry' | 'stop';
  /** Reconnect when nothing (not even a heartbeat) arrives for this long. */
  readTimeoutMs: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
}

/**
 * A WebSocket that stays connected: jittered exponential backoff between attempts (about 1 s, 2 s, 4 s … capped),
 * a read timeout that treats silence as a dead link, and `onOpen` on every reconnect so callers
 * resubscribe and fill the gap.
 */
export function createReconnectingSocket(opts: ReconnectingSocketOptions) {
  const now = opts.now ?? Date.now;
  let ws: WebSocket | null = null;
  let isConnected = false;
  let isClosed = false;
  /** Stopped after a refusal that retrying cannot fix; `resume()` starts again. */
  let isHalted = false;
  let attempt = 0;
  let hasConnectedBefore = false;
  let lastMessageAt: number | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let watchdog: NodeJS.Timeout | null = null;

  const setConnected = (value: boolean) => {
    if (isConnected === value) return;
    isConnected = value;
    opts.onConnectionChange(value);
  };

  const armWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => ws?.terminate(), opts.readTimeoutMs);
  };

  const scheduleReconnect = () => {
    if (isClosed || isHalted || retryTimer) return;
    const delay = reconnectDelay(attempt, opts.baseDelayMs ?? 1000, opts.maxDelayMs ?? 30_000);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  async function connect() {
    if (isClosed) return;
    let url: string;
    try {
      url = await opts.url();
    } catch (err) {
      opts.onError?.(err);
      scheduleReconnect();
      return;
    }
    const socket = new WebSocket(url, { handshakeTimeout: CONNECT_TIMEOUT_MS });
    ws = socket;
    socket.on('open', () => {
      attempt = 0;
      setConnected(true);
      armWatchdog();
      const isReconnect = hasConnectedBefore;
      hasConnectedBefore = true;
      opts.onOpen((text) => socket.send(text), isReconnect, lastMessageAt);
    });
    socket.on('message', (data, isBinary) => {
      lastMessageAt = now();
      armWatchdog();
      opts.onMessage(data, isBinary);
    });
    socket.on('unexpected-response', (_req, res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      void Promise.resolve(opts.onRefused?.(status) ?? 'retry')
        .catch(() => 'retry' as const)
        .then((verdict) => {
          if (verdict === 'stop') isHalted = true;
          opts.onError?.(new Error(`Unexpected server response: ${status}`));
          socket.terminate();
        });
    });
    socket.on('error', (err) => opts.onError?.(err));
    socket.on('close', () => {
      if (ws === socket) ws = null;
      if (watchdog) clearTimeout(watchdog);
      setConnected(false);
      scheduleReconnect();
    });
  }

  void connect();

  return {
    send(text: string) {
      if (ws?.readyState === WebSocket.OPEN) ws.send(text);
    },
    isConnected: () => isConnected,
    /** Whether it stopped after a refusal (see `onRefused`). */
    isHalted: () => isHalted,
    /** Starts connecting again after a halt (a new access token was generated). */
    resume() {
      if (!isHalted || isClosed) return;
      isHalted = false;
      attempt = 0;
      void connect();
    },
    /** Drops the current connection; it comes back by itself (tests use it to simulate a drop). */
    drop() {
      ws?.terminate();
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (watchdog) clearTimeout(watchdog);
      const socket = ws;
      ws = null;
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        await new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.terminate();
        });
      }
      setConnected(false);
    },
  };
}
