import type { MappingLocks } from '../../db/mapping-locks.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { TokenExpiryRule } from './broker-token.logic.js';
import type { MappingsRepository } from './mappings.repository.js';

/*
 * Shapes the mappings' use cases share (mapping-queries, -edits and -running-status services read them), kept
 * apart from the service that assembles them so none of those files imports the service back.
 */

/** A mapping's row as the repository reads it, for other domains (RDX config) too. */
export type { MappingView } from './mappings.repository.js';

export interface MappingsServiceDeps {
  repo: MappingsRepository;
  clock: Clock;
  /** One writer per strategy: status moves and edits hold the mapping's lock (DESIGN §9). */
  locks: MappingLocks;
  /** Publishes `mapping.status_changed` and `mapping.changed`. */
  events: DomainEventBus;
  /** The RDX service's switch and the engine's trade problems, which status_detail reads. */
  /** …and the market-data streams the leader shares, so a halted Kite ticker is named on the rows it stops. */
  /** …and the kill switch, which refuses start, resume and realign while engaged (issue 13). */
  shared: Pick<SharedState, 'rdxWanted' | 'tradeProblems' | 'liveSyncStatus' | 'killSwitch'>;
  /** NSE's holidays: on one, a mapping on an NSE instrument says the market is closed and why. */
  calendar: HolidaySource;
  /**
   * Why a strategy may not start because a loss or profit limit is already crossed today (the risk
   * domain's `limit-start-check.ts`, wired by the composition root); none when absent.
   */
  limitRefusal?: ((mapping: { id: number; userId: number }) => Promise<string | null>) | undefined;
  /**
   * Why a live strategy on broker account `userBrokerId` may not start now: its orders would leave from an IP the
   * broker has not registered, the broker ended its session, or could not be asked (the brokers service's
   * `sessionRefusal`, wired by the composition root; `actorUserId` who pressed Start); none when absent.
   */
  sessionRefusal?: ((userBrokerId: number, actorUserId: number) => Promise<string | null>) | undefined;
  /**
   * When an account's access token ends, by its broker's rule (the brokers service's `tokenExpiryOf`, by the
   * account's `brokers.kind`; null: a strategy without an account).
   */
  tokenExpiryOf: (brokerKind: string | null) => TokenExpiryRule;
}
