/**
 * The shape of the sandbox's state file, apart from the code that reads, migrates and writes it: both
 * sandbox-state-file.ts and sandbox-state-migration.ts need it, and each importing it from the other was a circle.
 */
import type { OrderBookSnapshot } from './kite-order-book.js';
import type { KiteSessionsSnapshot } from './kite-sessions.js';

/** The version this sandbox writes. Version 1 (tokens at or above 2^31, no trades) is read and migrated. */
export const SANDBOX_STATE_VERSION = 2;

/** What a state file holds (version 2). */
export interface SandboxStateSnapshot {
  version: typeof SANDBOX_STATE_VERSION;
  kiteSessions: KiteSessionsSnapshot;
  orderBook: OrderBookSnapshot;
}
