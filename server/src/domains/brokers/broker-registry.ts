import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../../config/market.js';
import type { Clock } from '../../platform/clock.js';
import type { RetryOptions } from '../../platform/outbound.js';
import { createKiteBroker, KITE_RULES } from './adapters/kite/kite-broker.js';
import { KITE_LABEL } from './adapters/kite/kite-errors.js';
import type { Broker, BrokerageSchedule, BrokerRules, OrderLimits } from './broker-port.js';

/** What an adapter is built from: the market hosts (real brokers or the sandbox), a logger, retries, the clock. */
export interface BrokerSetup {
  market: MarketConfig;
  logger: FastifyBaseLogger;
  /** The console's clock: when a broker answered (`BrokerMargins.checkedAt`). */
  clock: Clock;
  retry?: RetryOptions | undefined;
}

/** A broker's adapter: its rules, known without building it, and how it is built. */
interface BrokerAdapter {
  /** How traders call the broker in messages (its `Broker.label`). */
  label: string;
  rules: BrokerRules;
  create: (setup: BrokerSetup) => Broker;
}

/**
 * Every broker the console trades through, keyed by the `brokers.kind` its accounts carry; the first is the
 * default where a fill has no account (brokerageFor). Adding a broker is its adapter folder under `adapters/`
 * and one entry here (its rules, for the ledger's brokerage, and its factory).
 */
const ADAPTERS: Record<string, BrokerAdapter> = {
  kite: {
    label: KITE_LABEL,
    rules: KITE_RULES,
    create: (s) => createKiteBroker({ kite: s.market.kite, logger: s.logger, retry: s.retry, clock: s.clock }),
  },
};

/**
 * The console's own Paper broker (issue 32 item 3): no adapter, on purpose. Its accounts hold a virtual capital,
 * trade paper strategies only and never reach a broker; their fills are charged as the default broker's would be.
 */
export const PAPER_KIND = 'paper';

/** Whether accounts of broker `kind` are Paper accounts. */
export const isPaperKind = (kind: string | null | undefined): boolean => kind === PAPER_KIND;

/** The `brokers.kind`s an adapter serves, the default first (accounts of any other kind cannot trade). */
export const BROKER_KINDS: readonly string[] = Object.keys(ADAPTERS);

const FACTORIES = Object.fromEntries(Object.entries(ADAPTERS).map(([kind, a]) => [kind, a.create]));

/** Broker `kind`'s adapter; the first registered (the console's default) for none or a kind none serves. */
function adapterOrDefault(kind: string | null | undefined): BrokerAdapter {
  const adapter = kind !== null && kind !== undefined && Object.hasOwn(ADAPTERS, kind) ? ADAPTERS[kind] : undefined;
  return adapter ?? Object.values(ADAPTERS)[0]!;
}

/**
 * The brokerage an account of broker `kind` pays (its adapter's `rules.brokerage`). A fill with no known
 * account (null; a paper strategy never given one) or of a kind no adapter serves is charged as the first
 * registered broker would charge it: paper trading shows what trading for real would cost, and without an
 * account the first broker is the one the console trades through by default. Static: the ledger prices fills
 * without building (or connecting) any adapter.
 */
export function brokerageFor(kind: string | null | undefined): readonly BrokerageSchedule[] {
  return adapterOrDefault(kind).rules.brokerage;
}

/**
 * The order rate an account of broker `kind` is held to (its adapter's `rules.orderLimits`); the first
 * registered broker's for none or an unknown kind, as `brokerageFor`. Static: a backtest counts its orders
 * against it without building any adapter.
 */
export function orderLimitsFor(kind: string | null | undefined): OrderLimits {
  return adapterOrDefault(kind).rules.orderLimits;
}

/**
 * How traders call the broker of kind `kind` in messages ("Kite"), the first registered broker's for none or an
 * unknown kind, as `brokerageFor`. Static: status lines and alerts name the account's broker without building
 * any adapter, so no word outside an adapter names one broker.
 */
export function brokerLabelFor(kind: string | null | undefined): string {
  return adapterOrDefault(kind).label;
}

/** When an account's token of broker `kind` ends, in a trader's words after "expired" ("at 06:00 IST"). */
export function tokenEndWordsFor(kind: string | null | undefined): string {
  return adapterOrDefault(kind).rules.tokenEndWords;
}

/**
 * The band, in percent, a market order with `setting` market protection (an instrument's: −1 automatic, else a
 * percentage) gets at broker `kind` (the first registered broker's for none, as `brokerageFor`); null for no
 * protection. Static: paper fills and backtests stop at it without building any adapter.
 */
export function protectionPercentFor(kind: string | null | undefined, setting: number): number | null {
  if (setting === -1) return adapterOrDefault(kind).rules.autoProtectionPercent;
  return setting > 0 ? setting : null;
}

/** The brokers, each built once; `forKind` answers undefined for a kind no adapter serves. */
export interface BrokerRegistry {
  forKind(kind: string): Broker | undefined;
  /** Every broker the registry serves. */
  all(): Broker[];
  /** Closes every adapter's connections (shutdown). */
  close(): Promise<void>;
}

/** A registry over `adapters` (the product's list by default; a test may pass its own). */
export function createBrokerRegistry(
  setup: BrokerSetup,
  adapters: Record<string, (setup: BrokerSetup) => Broker> = FACTORIES,
): BrokerRegistry {
  const built = new Map<string, Broker>();
  const forKind = (kind: string): Broker | undefined => {
    const make = Object.hasOwn(adapters, kind) ? adapters[kind] : undefined;
    if (!make) return undefined;
    const existing = built.get(kind);
    if (existing) return existing;
    const broker = make(setup);
    built.set(kind, broker);
    return broker;
  };
  return {
    forKind,
    all: () => Object.keys(adapters).flatMap((kind) => forKind(kind) ?? []),
    async close() {
      await Promise.all([...built.values()].map((b) => b.close()));
    },
  };
}

/** A registry of brokers already built (tests: a fake adapter in place of Kite). */
export function registryOf(brokers: Broker[]): BrokerRegistry {
  return {
    forKind: (kind) => brokers.find((b) => b.kind === kind),
    all: () => [...brokers],
    close: async () => {
      await Promise.all(brokers.map((b) => b.close()));
    },
  };
}

/**
 * The order rate every account is held to: the strictest of the registered brokers' (one throttle counts
 * an account's sends; with Kite alone, Kite's 10 a second and 200 a minute).
 */
export function brokerOrderLimits(registry: Pick<BrokerRegistry, 'all'>): OrderLimits {
  const limits = registry.all().map((b) => b.rules.orderLimits);
  if (limits.length === 0) throw new Error('no broker is registered');
  return {
    perSecond: Math.min(...limits.map((l) => l.perSecond)),
    perMinute: Math.min(...limits.map((l) => l.perMinute)),
  };
}

/** When an access token of some broker stops working after it was generated (`BrokerRules.tokenExpiresAt`). */
export type TokenExpiry = (generatedAt: number) => number;

/**
 * Each account's token rule by its `brokers.kind`: its adapter's `rules.tokenExpiresAt`. A kind no adapter
 * serves (or none: a strategy without an account) takes the earliest end of the registered brokers', which
 * with Kite alone is Kite's 06:00 IST; such an account cannot trade anyway.
 */
export function tokenExpiryOf(registry: Pick<BrokerRegistry, 'forKind' | 'all'>): (kind: string | null) => TokenExpiry {
  const earliest: TokenExpiry = (generatedAt) => {
    const ends = registry.all().map((b) => b.rules.tokenExpiresAt(generatedAt));
    if (ends.length === 0) throw new Error('no broker is registered');
    return Math.min(...ends);
  };
  return (kind) => (kind === null ? undefined : registry.forKind(kind))?.rules.tokenExpiresAt ?? earliest;
}
