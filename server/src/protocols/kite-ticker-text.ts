/**
 * The Kite ticker's JSON text frames (PROTOCOLS.md §3): client commands (subscribe, unsubscribe, mode)
 * and server messages (`order` updates, `error`, broadcast `message`).
 */
import type { KiteTickMode } from './kite-ticker.js';

/** A client → server command. Tokens are numbers on the wire (strings are rejected by Kite). */
export type KiteTickerCommand =
  { a: 'subscribe' | 'unsubscribe'; v: number[] } | { a: 'mode'; v: [KiteTickMode, number[]] };

/** An order update as the ticker pushes it: the postback payload (kiteconnect-mocks `postback.json`). */
export interface KiteOrderUpdate {
  order_id: string;
  status: string;
  tradingsymbol?: string;
  exchange?: string;
  instrument_token?: number;
  transaction_type?: string;
  quantity?: number;
  filled_quantity?: number;
  average_price?: number;
  tag?: string | null;
  [field: string]: unknown;
}

/** A server → client text message. */
export type KiteTextMessage =
  { type: 'order'; data: KiteOrderUpdate } | { type: 'error'; data: string } | { type: 'message'; data: unknown };

const MODES: readonly string[] = ['ltp', 'quote', 'full'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTokenList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((t) => typeof t === 'number' && Number.isInteger(t) && t >= 0);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Serialises a command for the ticker socket. */
export function formatKiteTickerCommand(command: KiteTickerCommand): string {
  return JSON.stringify(command);
}

/** Parses a client command; null when the text is not a well-formed command. */
export function parseKiteTickerCommand(text: string): KiteTickerCommand | null {
  const body = parseJson(text);
  if (!isRecord(body)) return null;
  if ((body.a === 'subscribe' || body.a === 'unsubscribe') && isTokenList(body.v)) return { a: body.a, v: body.v };
  if (body.a !== 'mode' || !Array.isArray(body.v) || body.v.length !== 2) return null;
  const [mode, tokens] = body.v as [unknown, unknown];
  if (typeof mode !== 'string' || !MODES.includes(mode) || !isTokenList(tokens)) return null;
  return { a: 'mode', v: [mode as KiteTickMode, tokens] };
}

/** Parses a server text message; null for anything else (unknown types are ignored, like KJS does). */
export function parseKiteTextMessage(text: string): KiteTextMessage | null {
  const body = parseJson(text);
  if (!isRecord(body)) return null;
  if (body.type === 'order' && isRecord(body.data) && typeof body.data.order_id === 'string') {
    return { type: 'order', data: body.data as KiteOrderUpdate };
  }
  if (body.type === 'error') return { type: 'error', data: typeof body.data === 'string' ? body.data : '' };
  if (body.type === 'message') return { type: 'message', data: body.data };
  return null;
}

/** Serialises a server text message. */
export function formatKiteTextMessage(message: KiteTextMessage): string {
  return JSON.stringify(message);
}
