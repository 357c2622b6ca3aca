import { chargesByOwner, dayNotes } from './contract-note.logic.js';
import { bookOf, type LedgerFill } from './ledger.logic.js';
import type { LedgerRepository } from './ledger.repository.js';
import { clientOf } from './positions.logic.js';

export interface StrategyPnl {
  realizedPaise: number;
  chargesPaise: number;
}

/**
 * Realized P&L and charges per strategy name, for the transactions summary: FIFO within each mapping (a
 * deleted mapping's fills book together), summed by the strategy the fills were made for. Charges are each
 * mapping's share of its accounts' contract notes (docs/LEDGER.md), today's an estimate until the day ends.
 */
export async function strategyPnlOf(
  repo: LedgerRepository,
  userId: number,
  now: number,
): Promise<Map<string | null, StrategyPnl>> {
  const fills = await repo.accountFills([userId]);
  // A strategy's fills without a mapping (it was deleted) still book apart from other strategies'.
  const keyOf = (f: (typeof fills)[number]) => `${f.mappingId ?? 'gone'}:${f.strategyName ?? ''}`;
  const byMapping = new Map<string, { strategyName: string | null; fills: LedgerFill[] }>();
  for (const f of fills) {
    const key = keyOf(f);
    const group = byMapping.get(key) ?? { strategyName: f.strategyName, fills: [] };
    group.fills.push(f);
    byMapping.set(key, group);
  }
  const charges = chargesByOwner(dayNotes(fills.map((f) => ({ ...f, owner: keyOf(f), client: clientOf(f) }))), now);
  const out = new Map<string | null, StrategyPnl>();
  for (const [key, g] of byMapping) {
    const sum = out.get(g.strategyName) ?? { realizedPaise: 0, chargesPaise: 0 };
    sum.realizedPaise += bookOf(g.fills).realizedPaise;
    sum.chargesPaise += charges.get(key)?.all.totalPaise ?? 0;
    out.set(g.strategyName, sum);
  }
  return out;
}
