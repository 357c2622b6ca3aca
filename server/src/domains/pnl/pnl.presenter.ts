import { istDay, toRupees, type PnlDay } from '@app/contract';
import type { DayTotals } from './pnl-daily.logic.js';

/** A day as the wire carries it: its IST date, rupees with two decimals. */
export function toPnlDay(d: DayTotals): PnlDay {
  return {
    day: istDay(d.dayStart),
    realized_pnl: toRupees(d.realizedPaise),
    charges: toRupees(d.chargesPaise),
    net_pnl: toRupees(d.netPaise),
    per_strategy: d.perStrategy.map((s) => ({
      user_strategy_mapping_id: s.mappingId,
      strategy_name: s.strategyName,
      is_dummy: s.isDummy,
      realized_pnl: toRupees(s.realizedPaise),
      charges: toRupees(s.chargesPaise),
      net_pnl: toRupees(s.realizedPaise - s.chargesPaise),
    })),
  };
}
