import { chargesForFill } from './charges.logic.js';
import { bookOf, type LedgerFill } from './ledger.logic.js';
import type { LedgerRepository } from './ledger.repository.js';

export interface StrategyPnl {
  realizedPaise: number;
  chargesPaise: number;
}

/**
 * Realized P&L and charges per strategy name, for the transactions summary: FIFO within each mapping (a
 * deleted mapping's fills book together), summed by the strategy the fills were made for.
 */
export async function strategyPnlOf(repo: LedgerRepository, userId: number): Promise<Map<string | null, StrategyPnl>> {
  const fills = await repo.userFills(userId);
  const byMapping = new Map<string, { strategyName: string | null; fills: LedgerFill[]; chargesPaise: number }>();
  for (const f of fills) {
    // A strategy's fills without a mapping (it was deleted) still book apart from other strategies'.
    const key = `${f.mappingId ?? 'gone'}:${f.strategyName ?? ''}`;
    let group = byMapping.get(key);
    if (!group) {
      group = { strategyName: f.strategyName, fills: [], chargesPaise: 0 };
      byMapping.set(key, group);
    }
    group.fills.push(f);
    group.chargesPaise += chargesForFill(f).totalPaise;
  }
  const out = new Map<string | null, StrategyPnl>();
  for (const g of byMapping.values()) {
    const sum = out.get(g.strategyName) ?? { realizedPaise: 0, chargesPaise: 0 };
    sum.realizedPaise += bookOf(g.fills).realizedPaise;
    sum.chargesPaise += g.chargesPaise;
    out.set(g.strategyName, sum);
  }
  return out;
}
