/**
 * The shape of the sandbox's state file, apart from the code that reads, migrates and writes it: both
 * sandbox-state-file.ts and sandbox-state-migration.ts need it, and each importing it from the other was a circle.
 */
import type { OrderBookSnapshot } from './kite-order-book.js';
import type { KiteSessionsSnapshot } from './kite-sessions.js';
import type { StaticIpRegistration } from './static-ips.js';

/**
 * The version this sandbox writes. Versions 1 (tokens at or above 2^31, no trades) and 2 (no static IPs, orders
 * without their source address) are read and migrated.
 */
export const SANDBOX_STATE_VERSION = 3;

/** What a state file holds (version 3). */
export interface SandboxStateSnapshot {
  version: typeof SANDBOX_STATE_VERSION;
  kiteSessions: KiteSessionsSnapshot;
  orderBook: OrderBookSnapshot;
  /** Each user's registered static IPs and when they last changed them. */
  staticIps: StaticIpRegistration[];
}
