import type { AdminPosition, BrokerWay, GreeksTotals, LegGreeks, PnlFigures } from '@app/contract';
import type { GreeksTotals as GreeksSums, LegGreeks as LegGreeksFigures } from '../analytics/position-greeks.logic.js';
import { toRupees } from '../../platform/time.js';
import type { MappingFacts } from './ledger.repository.js';
import type { Figures, BrokerWayFigures, Marked } from './positions.logic.js';
import type { MarkedGreeks } from './positions-greeks.js';

export const toPnl = (f: Figures): PnlFigures => ({
  realized_pnl: toRupees(f.realizedPaise),
  unrealized_pnl: toRupees(f.unrealizedPaise),
  charges: toRupees(f.chargesPaise),
  net_pnl: toRupees(f.netPaise),
});

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

export const toBrokerWay = (k: BrokerWayFigures): BrokerWay => ({
  realized_pnl: toRupees(k.realizedPaise),
  unrealized_pnl: toRupees(k.unrealizedPaise),
  day_pnl: rupeesOrNull(k.dayPnlPaise),
});

/** A leg's greeks for the wire: theta and vega from paise to rupees. */
const toLegGreeks = (g: LegGreeksFigures | null): LegGreeks | null =>
  g === null
    ? null
    : { iv: g.iv, delta: g.delta, gamma: g.gamma, theta: toRupees(g.thetaPaise), vega: toRupees(g.vegaPaise) };

/** Greeks sums for the wire (docs/ANALYTICS.md, "Greeks on positions"). */
export const toGreeksTotals = (g: GreeksSums): GreeksTotals => ({
  delta: g.delta,
  gamma: g.gamma,
  theta: toRupees(g.thetaPaise),
  vega: toRupees(g.vegaPaise),
  legs_left_out: g.legsLeftOut,
});

/** A strategy's position as the wire carries it (rupees); the user's own reply drops `user_username`. */
export function toPosition(m: MappingFacts, marked: Marked, greeks: MarkedGreeks): AdminPosition {
  return {
    user_strategy_mapping_id: m.id,
    user_id: m.userId,
    user_username: m.username,
    strategy_name: m.strategyName,
    instrument_name: m.instrumentName,
    is_dummy: m.isDummy,
    running_status: m.runningStatus,
    legs: marked.legs.map((l, i) => ({
      trading_symbol: l.tradingSymbol,
      option_type: l.optionType,
      strike: l.strikePaise === null ? null : toRupees(l.strikePaise),
      expiry: l.expiry,
      quantity: l.quantity,
      entry_price: toRupees(l.entryPaise),
      ltp: toRupees(l.ltpPaise),
      ltp_is_stale: l.ltpIsStale,
      unrealized_pnl: toRupees(l.unrealizedPaise),
      broker_way: {
        average_price: toRupees(l.brokerWay.averagePaise),
        unrealized_pnl: toRupees(l.brokerWay.unrealizedPaise),
        overnight_quantity: l.brokerWay.overnightQuantity,
        previous_close: rupeesOrNull(l.brokerWay.previousClosePaise),
        day_pnl: rupeesOrNull(l.brokerWay.dayPnlPaise),
      },
      greeks: toLegGreeks(greeks.legs[i] ?? null),
    })),
    ...toPnl(marked.all),
    today: toPnl(marked.today),
    charges_final: marked.chargesFinal,
    broker_way: toBrokerWay(marked.brokerWay),
    greeks: toGreeksTotals(greeks.totals),
  };
}
