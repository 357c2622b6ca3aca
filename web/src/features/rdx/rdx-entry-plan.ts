import { formatQuantity as qty } from '../../lib/format';
import type { EntryFacts, EntryPlan } from '../strategies/entry-plan';

/** The RDX settings an entry's size and timing come from (its saved configuration). */
export interface RdxEntrySettings {
  lotCount: number;
  interval: string | null;
}

const lotsText = (n: number) => `${n} lot${n === 1 ? '' : 's'}`;

/** Quantity an entry sells per side: count × RDX lot count × the instrument's lot size. */
export function sellQuantities(m: EntryFacts, lotCount: number): { ce: number; pe: number } {
  return { ce: m.ce_count * lotCount * m.lot_size, pe: m.pe_count * lotCount * m.lot_size };
}

/** One side of an entry: "1 × 2 lots × lot size 65 = 130", or none. */
function sideLine(side: 'CE' | 'PE', count: number, m: EntryFacts, lotCount: number): string {
  if (count === 0) return `${side}: none (${side} Count 0)`;
  return `${side}: ${count} × ${lotsText(lotCount)} × lot size ${qty(m.lot_size)} = ${qty(count * lotCount * m.lot_size)}`;
}

/** What an RDX entry of this row sells: its CE and PE counts × the lot count × the lot size, at the ATM. */
export function rdxEntryPlan(m: EntryFacts, { lotCount, interval }: RdxEntrySettings): EntryPlan {
  const { ce, pe } = sellQuantities(m, lotCount);
  return {
    interval,
    sells: [ce > 0 ? `${qty(ce)} CE` : null, pe > 0 ? `${qty(pe)} PE` : null].filter((s) => s !== null),
    how: `at the current ATM (count × ${lotsText(lotCount)} × lot size ${qty(m.lot_size)})`,
    whyNothing: '(CE Count and PE Count are both 0)',
    sideLines: [sideLine('CE', m.ce_count, m, lotCount), sideLine('PE', m.pe_count, m, lotCount)],
    thenWhat: 'realigns as the ATM moves',
  };
}
