import { toRupees, type OrderTrace } from '@app/contract';
import { iso } from '../../platform/time.js';
import type { OrderTrace as StoredTrace } from '../engine/order-trace.logic.js';

/** Settings as stored speak paise (`offsetPaise`); the trace answers in rupees under the name without it. */
export function configInRupees(config: unknown): Record<string, unknown> {
  if (config === null || typeof config !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config as Record<string, unknown>)) {
    const isPaise = key.endsWith('Paise') && typeof value === 'number';
    out[isPaise ? key.slice(0, -'Paise'.length) : key] = isPaise ? toRupees(value) : value;
  }
  return out;
}

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

/** The stored trace's strategy and decision as the API says them: times ISO, money in rupees. */
export function presentTrace(
  stored: StoredTrace | null,
  authorName: string | null,
): Pick<OrderTrace, 'strategy' | 'decision' | 'author'> {
  if (!stored) return { strategy: null, decision: null, author: null };
  const { decision } = stored;
  return {
    strategy: stored.strategy,
    decision: {
      action: decision.action,
      reason: decision.reason,
      at: iso(decision.at),
      underlying_price: rupeesOrNull(decision.underlying_paise),
      atm: rupeesOrNull(decision.atm_paise),
      config: configInRupees(decision.config),
      config_version: decision.config_version,
    },
    author: { kind: stored.author.kind, username: authorName },
  };
}
