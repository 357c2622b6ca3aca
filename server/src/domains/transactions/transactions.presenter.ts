import type { PaperPriceSource, Transaction } from '@app/contract';
import { iso, toRupees } from '../../platform/time.js';

/** What a transaction is shown from: the row and the names of its user, strategy and instrument. */
export interface TransactionFacts {
  id: number;
  transactionDate: number;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  isDummy: number;
  userId: number;
  mappingId: number | null;
  userUsername: string;
  strategyName: string | null;
  instrumentName: string | null;
  /** Omitted means a trade. */
  kind?: 'trade' | 'settlement';
  /** How a paper fill was priced; null or omitted on live fills, settlements and older paper. */
  priceSource?: PaperPriceSource | null;
  /** The live order it filled (`broker_orders.id`); null or omitted on paper fills and settlements. */
  orderId?: number | null;
}

/** A transaction as the API and the realtime event show it (price in rupees, date in ISO UTC). */
export function toTransaction(row: TransactionFacts, date = iso(row.transactionDate)): Transaction {
  return {
    id: row.id,
    transaction_date: date,
    trading_symbol: row.tradingSymbol,
    quantity: row.quantity,
    price: toRupees(row.pricePaise),
    strategy_name: row.strategyName,
    instrument_name: row.instrumentName,
    user_username: row.userUsername,
    user_id: row.userId,
    user_strategy_mapping_id: row.mappingId,
    is_dummy: row.isDummy,
    kind: row.kind ?? 'trade',
    ...(row.priceSource ? { price_source: row.priceSource } : {}),
    ...(row.orderId ? { order_id: row.orderId } : {}),
  };
}
