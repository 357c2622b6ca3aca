/**
 * A Multi-leg strategy's fills as its owner's trail names them (issue 33 item 4): a leg closed by its own stop or
 * target ("Leg 1 CE", the contract, why, at what price), and a leg entered again after its stop (which re-entry
 * of how many). An entry's first fills and a square-off of every leg are the strategy's, not a leg's, and are not
 * named here. Read from the memo the engine wrote before the orders (legs-memo.logic.ts). Pure; integer paise.
 */
import { rupeesText, type LegsConfig } from '@app/contract';
import type { LegsMemo } from './legs-memo.logic.js';

export interface LegFill {
  tradingSymbol: string;
  /** Signed as fills are: + sold, − bought. */
  quantity: number;
  pricePaise: number;
}

export interface LegAuditEntry {
  action: 'mapping.leg_stopped' | 'mapping.leg_reentered';
  detail: Record<string, unknown>;
}

/** The fills of one booking grouped by contract and direction: units and the average price. */
function grouped(fills: readonly LegFill[]) {
  const groups = new Map<string, { tradingSymbol: string; quantity: number; valuePaise: number }>();
  for (const f of fills) {
    const key = `${f.tradingSymbol}|${Math.sign(f.quantity)}`;
    const g = groups.get(key) ?? { tradingSymbol: f.tradingSymbol, quantity: 0, valuePaise: 0 };
    g.quantity += f.quantity;
    g.valuePaise += Math.abs(f.quantity) * f.pricePaise;
    groups.set(key, g);
  }
  return [...groups.values()].filter((g) => g.quantity !== 0);
}

/** The trail's entries for one booking of a Multi-leg strategy's fills. */
export function legAuditEntries(
  config: Pick<LegsConfig, 'legs'>,
  memo: LegsMemo,
  fills: readonly LegFill[],
): LegAuditEntry[] {
  if (memo.legs.length !== config.legs.length) return [];
  return grouped(fills).flatMap((g): LegAuditEntry[] => {
    const i = memo.legs.findIndex((l) => l.symbol === g.tradingSymbol);
    const leg = config.legs[i];
    const kept = memo.legs[i];
    if (!leg || !kept) return [];
    // A SELL leg opens with a sale (+) and closes with a purchase (−); a BUY leg the other way round.
    const opens = leg.side === 'SELL' ? g.quantity > 0 : g.quantity < 0;
    const units = Math.abs(g.quantity);
    const common = {
      leg: `Leg ${i + 1} ${leg.option_type}`,
      trading_symbol: g.tradingSymbol,
      quantity: units,
      price: rupeesText(Math.round(g.valuePaise / units)),
    };
    if (!opens && kept.out) return [{ action: 'mapping.leg_stopped', detail: { ...common, reason: kept.out.reason } }];
    if (opens && kept.reEntries > 0) {
      const reEntry = `${kept.reEntries} of ${leg.re_entry?.times ?? kept.reEntries}`;
      return [{ action: 'mapping.leg_reentered', detail: { ...common, re_entry: reEntry } }];
    }
    return [];
  });
}
