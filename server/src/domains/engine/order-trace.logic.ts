/**
 * What made a live order (issue 31 item 7), kept with it: SEBI's retail-algo framework wants every algo order
 * traceable to its algo, the rules' version and the inputs it decided on. Built once when the order is written,
 * never rewritten; `GET /orders/{id}/trace` reads it back.
 */
import { createHash } from 'node:crypto';
import type { Decision } from '../strategies/decision.logic.js';

/** A decision that trades (plan.ts's, restated: plan.ts names this file's author type). */
type TradeDecision = Exclude<Decision, { action: 'hold' }>;

/**
 * Who asked for the trade: the engine on a candle close, a person's action (the trader's, or an admin's on their
 * behalf), or the console itself (a limit, the kill switch, the square-off chase).
 */
export type OrderAuthor = { kind: 'engine' } | { kind: 'user'; user_id: number } | { kind: 'console' };

export interface OrderTrace {
  strategy: { type: string; version: number; algo_id: string };
  decision: {
    action: TradeDecision['action'];
    /** Why a square-off squared off (exit, max loss, …); null for entries and realigns. */
    reason: string | null;
    /** The candle close (or action) it decided at, epoch ms. */
    at: number;
    /** The underlying's price it decided on, paise; null where the trade needed none (a square-off). */
    underlying_paise: number | null;
    /** The ATM it traded around, paise; null for a square-off. */
    atm_paise: number | null;
    config: unknown;
    /** A short digest of `config`: two orders with the same one were decided under the same settings. */
    config_version: string;
  };
  author: OrderAuthor;
}

/** A stable digest of a configuration: its JSON with keys sorted, SHA-256, the first 12 hex digits. */
export function configVersion(config: unknown): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex').slice(0, 12);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function orderTrace(input: {
  strategy: { id: string; version: number; algoId: string };
  decision: TradeDecision;
  config: unknown;
  at: number;
  underlyingPaise: number | null;
  author: OrderAuthor;
  /** A square-off's cause beyond its decision's reason (max_loss, kill_switch, …). */
  because?: string | undefined;
}): OrderTrace {
  const { decision } = input;
  return {
    strategy: { type: input.strategy.id, version: input.strategy.version, algo_id: input.strategy.algoId },
    decision: {
      action: decision.action,
      reason: decision.action === 'squareOff' ? (input.because ?? decision.reason) : null,
      at: input.at,
      underlying_paise: input.underlyingPaise,
      atm_paise: decision.action === 'squareOff' ? null : decision.atmPaise,
      config: input.config,
      config_version: configVersion(input.config),
    },
    author: input.author,
  };
}

/** A stored trace, or null when the text is none (an order written before traces) or not one. */
export function readTrace(text: string | null): OrderTrace | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as OrderTrace;
  } catch {
    return null;
  }
}
