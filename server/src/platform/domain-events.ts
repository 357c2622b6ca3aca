import type { AdminPosition, Mapping, StopReason, Transaction } from '@app/contract';
import type { EventBus } from './event-bus.js';

/**
 * Everything that happens in the console that another part of it reacts to (DESIGN §10). Read this list
 * to learn who talks to whom: services publish, realtime and the other domains subscribe. Payloads a
 * browser sees are the contract's types.
 */
export interface DomainEvents {
  /**
   * Fills were written as transactions: one live fill, or every paper fill of a candle close at once
   * (10,000 strategies make one event, not 20,000). Realtime: `transaction_created` for each.
   */
  'fills.booked': { transactions: Transaction[] };
  /**
   * Strategies' positions and P&L moved: after fills, or when their legs' prices changed (at most once a
   * second per strategy). Realtime: `positions_updated` for each, to its owner and admins.
   */
  'positions.changed': { positions: AdminPosition[] };
  /** A mapping's running_status moved; `reason` says what moved it. Realtime: `strategy_status_changed`. */
  'mapping.status_changed': { mapping: Mapping; reason: StopReason | 'started' };
  /** A mapping's settings or its RDX configuration changed: the engine re-reads what it follows. */
  'mapping.changed': { mappingId: number };
  /**
   * The day's option chains were loaded from the exchange's instruments dump: each option root's lot size
   * as the exchange has it (NSE revises them). The instruments domain brings its lot sizes in line.
   */
  'option_chains.loaded': { lotSizes: Record<string, number>; at: number };
  /** Instruments were added, edited or removed: candle sessions follow. */
  'instruments.changed': { at: number };
  /** Live-data configurations changed: a running live sync follows. */
  'live_configs.changed': { at: number };
  /** A password changed: every session of the user ends but `keepSessionId` (the one that changed it). */
  'user.password_changed': { userId: number; keepSessionId: number | null };
  /** Sessions ended (logout, password change): their sockets close. */
  'sessions.revoked': { sessionIds: number[] };
  /** An admin's test event for one user's screens. Realtime: `test_event`. */
  'realtime.test_event': { userId: number; message: string; sentAt: string };
}

export type DomainEventBus = EventBus<DomainEvents>;
