import type { PortfolioRefusals } from './portfolio-guard.js';
import type { PaperCapitalCheck } from './paper-margin-guard.js';
import type { EntryMargins } from '../brokers/entry-margins.service.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { ExpirySettlement } from './expiry-settlement.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { Executor } from './executor.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { Database } from '../../db/client.js';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketDataHub } from '../market-data/hub.js';
import type { EngineRepository } from './engine.repository.js';

/** What the engine is built from (engine.module.ts wires it; engine.service.ts uses it). */
export interface EngineDeps {
  repo: EngineRepository;
  executor: Executor;
  chain: OptionChainService;
  hub: MarketDataHub;
  mappings: MappingsService;
  /** The service's on/off switch and the trade problems every instance reads. */
  shared: SharedState;
  /** Only the leader trades (DESIGN §9); elsewhere start and stop only flip the shared switch. */
  isLeader: () => boolean;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Follows mapping status and configuration changes. */
  events: DomainEventBus;
  /** One writer per strategy: every decision and trade runs holding its mapping's lock (DESIGN §9). */
  locks: MappingLocks;
  settlement: Pick<ExpirySettlement, 'settleDue'>;
  /** NSE's holidays: no decision or trade on them for instruments that keep the calendar (docs/CALENDAR.md). */
  calendar: HolidaySource;
  /** The database, for matching a leg to the broker by hand (broker-match.repository.ts; issue 27). */
  db: Database['db'];
  /** An account's token rule by its broker kind (the brokers service's `tokenExpiryOf`): expired ones pause. */
  tokenExpiryOf: (brokerKind: string | null) => (generatedAt: number) => number;
  /** Checks an account's egress again, keeping the finding (the brokers service's): the refusal or null. */
  egressRecheck: (userBrokerId: number) => Promise<string | null>;
  /** Before a broker session's first order: the kept finding, or a check once per session (the brokers service's). */
  egressBeforeFirstOrder: (userBrokerId: number) => Promise<string | null>;
  /** What a basket would ask in margin of a strategy's account (the brokers domain's entry margins, issue 34). */
  entryMargin: EntryMargins['entryMargin'];
  /**
   * Why a user's entry may not sell new legs: their portfolio beyond a cap (risk's portfolio limits, issue 34
   * item 4), null when it may. Absent: no portfolio limits.
   */
  portfolioRefusal?: PortfolioRefusals | undefined;
  /** The paper entries their Paper accounts' capital cannot cover (issue 34 item 3). Absent: paper spends none. */
  paperCapital?: PaperCapitalCheck | undefined;
}
