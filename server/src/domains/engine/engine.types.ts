import type { PaperPriceSource } from '@app/contract';
import type { StrategyLegsTable, TransactionKind, TransactionsTable } from '../../db/schema.js';
import type { StrategyConfig } from '../strategies/strategy-registry.js';
import type { ConfigStorage } from '../strategies/strategy-type.types.js';

/** Where a strategy type keeps the price its entries are made around (its storage). */
export type AnchorStorage = Pick<ConfigStorage<unknown>, 'table' | 'anchorColumn' | 'anchorAtColumn'>;

/** Where a strategy type's rules keep their state between decisions (its storage's `memoColumn`). */
export type MemoStorage = { table: string; memoColumn: string };

/*
 * The shapes the engine reads and writes, shared by its repository's portable (Kysely) and SQLite paths.
 */

/** Everything the engine needs to decide for one running mapping. */
export interface MappingState {
  id: number;
  userId: number;
  username: string;
  strategyId: number;
  strategyName: string;
  instrumentId: number;
  instrumentName: string;
  instrumentToken: string;
  ticker: string | null;
  lotSize: number;
  marketOpenTime: string;
  marketCloseTime: string;
  timezone: string;
  tradingDays: string;
  /** The instrument's market protection, sent with each of the mapping's live MARKET orders. */
  marketProtection: number;
  userBrokerId: number | null;
  isDummy: number;
  ceCount: number;
  peCount: number;
  startTime: string | null;
  endTime: string | null;
  runningStatus: number;
  /** As read under the mapping lock: the writes this state leads to move it on from here (stale-position.ts). */
  positionVersion: number;
  /** Its strategy type's settings (the type is its strategy's, by name: strategy-registry.ts). */
  config: StrategyConfig;
}

/**
 * A fill to write as a transaction: the row without its id and date (quantity is +units for a SELL,
 * −units for a BUY, SPEC §3; mapping, strategy and instrument are always known here).
 */
export type NewFill = Omit<
  TransactionsTable,
  | 'id'
  | 'transactionDate'
  | 'mappingId'
  | 'strategyId'
  | 'instrumentId'
  | 'kind'
  | 'brokerTradeId'
  | 'priceSource'
  | 'paperOrder'
> & {
  mappingId: number;
  strategyId: number;
  instrumentId: number;
  /** Omitted for a trade; 'settlement' for a leg closed by its contract's expiry. */
  kind?: TransactionKind;
  /** The broker's trade a live fill is (one fill per trade); omitted for paper, settlement and by-hand fills. */
  brokerTradeId?: string | null;
  /** How a paper fill was priced (paper-price.ts); omitted for live, settlement and by-hand fills. */
  priceSource?: PaperPriceSource | null;
  /** A paper fill's order among its strategy's at this instant (paper-execution.ts); omitted otherwise. */
  paperOrder?: number | null;
};

/** A leg to open: the row without what opening fills in (id, status, times). */
export type NewLeg = Omit<StrategyLegsTable, 'id' | 'status' | 'openedAt' | 'closedAt'>;

/** A fill as written: its transaction id and date filled in. */
export type WrittenFill = NewFill & { id: number; transactionDate: number };

/** Everything one slice of a candle close's paper fills changes, written in one transaction. */
export interface PaperFills {
  closeLegIds: number[];
  /** Legs closed in part (a smaller size on the same strike): each goes from `held` to `held − by`, signed as the leg. */
  shrinkLegs?: Array<{ id: number; by: number; held: number }>;
  openLegs: NewLeg[];
  fills: NewFill[];
  /**
   * Each entered mapping's new ATM, written to its strategy type's table (`anchor`: its storage), only if the
   * mapping's position version is still the one read (then moved on).
   */
  atm: Array<{ mappingId: number; atmPaise: number; positionVersion: number; anchor: AnchorStorage }>;
  at: number;
}
