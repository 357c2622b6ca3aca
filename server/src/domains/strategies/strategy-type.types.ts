/**
 * A strategy type (RDX is the first): everything the engine, the status line and the configure screen know of
 * one, so they never read its settings by name. A type lives in its own folder and exports one of these; the
 * registry (strategy-registry.ts) lists them. Adding a type is one folder, one registry line, and one migration
 * if it stores settings. Types only: a strategy folder may import this file without importing the registry.
 */
import type { StrategyInterval, StrategyTypeKey } from '@app/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/ownership.js';
import type { Hours } from '../instruments/market-hours.logic.js';
import type { ChainOption, Decision, HoldTable, OpenLeg, OptionCandle, UnderlyingRange } from './decision.logic.js';
import type { CommonStatusFacts, StatusReport } from './status-facts.types.js';

/** What a strategy's rules read for one mapping at one instant, its own settings as `config`. */
export interface DecideInputs<Config> {
  /** The mapping's own columns: how many CE and PE legs it sells, its window and its state. */
  mapping: {
    ceCount: number;
    peCount: number;
    startTime: string | null;
    endTime: string | null;
    runningStatus: number;
  };
  config: Config;
  /** `name`: the underlying as a trader knows it ("NIFTY"), for words. */
  instrument: { lotSize: number; hours: Hours; name?: string };
  legs: readonly OpenLeg[];
  pricePaise: number;
  chain: readonly ChainOption[];
  /**
   * The last prices (paise) of the options the type asked for with `pricedOptions`, by trading symbol; absent
   * when it asks for none. An option whose price could not be had is missing from the map.
   */
  optionPricesPaise?: ReadonlyMap<string, number>;
  /**
   * The 1-minute candles ending at `at` of the options the type watches between closes (`betweenCloses`), by
   * trading symbol: given only by a backtest, which has candles where a live console has ticks. A level is then
   * judged on the candle's high and low, not only its last price.
   */
  optionCandlesPaise?: ReadonlyMap<string, OptionCandle>;
  /**
   * The high and low of the underlying's candle closing at `at` (an opening range is measured on them); absent for a
   * decision off a close (a price update's question, a trader's Realign), or where the candle's are not known.
   */
  underlyingRange?: UnderlyingRange;
  /** The instant decided at: a candle's close time, or now for manual actions. */
  at: number;
}

/**
 * Where a type keeps its settings: a table of its own (its migration creates it), one row per mapping keyed by
 * `mapping_id`. The engine reads `columns` with each mapping it decides for and hands their values, in that
 * order, to `fromColumns` with the mapping's candle interval (the mapping's own column, saved with the
 * settings). An entry writes the underlying's price it was made around (a decision's `atmPaise`) to
 * `anchorColumn`, and when to `anchorAtColumn`. Names are snake_case SQL identifiers, checked at startup.
 */
export interface ConfigStorage<Config> {
  table: string;
  columns: readonly string[];
  fromColumns(values: readonly unknown[], interval: StrategyInterval): Config;
  /**
   * A configuration as its schema parsed it (the configure body's words) as the values of `columns`, in order:
   * what a backtest writes to its own database's row (the type's routes write the console's).
   */
  toColumns(saved: Readonly<Record<string, unknown>>): unknown[];
  anchorColumn: string;
  anchorAtColumn: string;
  /**
   * A text `column` the type's rules keep their own state in between decisions (a trailing stop's best price, a
   * re-entry count), read back among `columns`. A decision carrying `memo` has it written there under the
   * strategy's lock before the orders it sends, so what the rules counted survives a restart and a count is
   * never exceeded (an order lost after the write costs the count, never doubles it). Absent: the type keeps none.
   */
  memo?: {
    column: string;
    /** The memo a configuration was read with (the column is among `columns`); null while none is kept. */
    of(config: Config): string | null;
  };
}

export interface StrategyType<Config, Reason extends string = string> {
  /** The name of the strategies row whose mappings this type trades ("RDX"). */
  id: string;
  /** What the API calls the type (`GET /strategies/list`'s `type`, a configuration's `strategy_type`). */
  key: StrategyTypeKey;
  /**
   * Its rules' version (issue 31 item 7): raised with every change to what `decide` does, so each order's trace
   * says which rules made it. Kept with the order, never rewritten.
   */
  version: number;
  /**
   * The algo ID its orders are recorded under (SEBI's retail-algo framework wants every algo order traceable to
   * its algo). Kite's order API takes no algo ID (Kite Connect v3 `POST /orders/:variety` has only `tag`): the
   * broker tags API orders below the 10-a-second threshold with its own exchange-given ID, so this stays the
   * console's record. Change it with the version when the rules change.
   */
  algoId: string;
  /**
   * Its white-box description, as brokers ask before registering an algo (issue 31 item 9): what it trades, its
   * rules one per line, and the bounds of its settings. Kept beside the rules so a change to one shows in the
   * other's review (docs/RDX.md is the long form).
   */
  whiteBox: { summary: string; rules: readonly string[]; settings: readonly string[] };
  /** Its settings' table, as the engine reads them with each mapping. */
  storage: ConfigStorage<Config>;
  /** The contract's schema of a configuration as saved (the configure form's body). */
  configSchema: z.ZodType;
  /** What a new configuration starts from, in the schema's own (API) words. */
  defaults: Readonly<Record<string, unknown>>;
  /** The words that name the type where a refusal or a row speaks of it. */
  words: {
    /** Why a mapping with no configuration of this type can neither start nor realign. */
    configureFirst: string;
  };
  /** Every reason its decisions hold for, each marked ordinary or a problem. */
  holds: HoldTable<Reason>;
  /**
   * The options whose last prices its rules read on this close (a strike chosen by premium), priced by the engine
   * before it decides; absent or empty for a type that needs none (RDX).
   */
  pricedOptions?(
    config: Config,
    chain: readonly ChainOption[],
    legs: readonly OpenLeg[],
    at: number,
    timezone: string,
  ): readonly ChainOption[];
  /**
   * What the type's rules act on between its candle's closes (a Multi-leg leg's stop on the option's own price): the
   * options they watch, and how many decisions a new price of them calls for now (0: none; 1: a level reached or a
   * trail moved; 2: that, then a re-entry at once after its close). The live console asks on each price update
   * (legs/leg-stops-watch.ts); a backtest on each 1-minute candle. Absent: the type acts on closes only (RDX).
   */
  betweenCloses?: {
    watched(config: Config, legs: readonly OpenLeg[]): readonly string[];
    decisionsDue(
      config: Config,
      legs: readonly OpenLeg[],
      prices: { last: ReadonlyMap<string, number> } | { candles: ReadonlyMap<string, OptionCandle> },
    ): number;
  };
  /** On a candle close: pure, integer paise. */
  decide(inputs: DecideInputs<Config>): Decision<Reason>;
  /** A trader's Realign: at once, at the last price, whatever the type's own threshold. */
  decideNow(inputs: DecideInputs<Config>): Decision<Reason>;
  /** The settings two flat mappings must share to decide the same entry on the same close. */
  flatKey(config: Config): string;
  /**
   * The settings an order's trace records (issue 31 item 7): the trader's choices only, not the anchor the engine
   * rewrites with every entry (RDX's ATM), so the same settings keep the same digest across trades.
   */
  tracedSettings(config: Config): Record<string, unknown>;
  /** A configuration (the schema's words) sized to `lots`: what a backtest's `lots` means for this type. */
  withLots(config: Readonly<Record<string, unknown>>, lots: number): Record<string, unknown>;
  /** The candle interval its mapping decides on. */
  interval(config: Config): StrategyInterval;
  /** Why this type can never trade an instrument, or null when it can. */
  cannotTrade(instrument: { instrumentToken: string; name: string }): string | null;
  /** The row's status line and the actions it offers, in the type's own words; null `config` when unset. */
  describeStatus(facts: CommonStatusFacts, config: Config | null, now: number): StatusReport;
}

/** A registry entry whatever its settings: the engine hands each one back only its own mappings' config. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry's one place a config type is erased
export type AnyStrategyType = StrategyType<any, string>;

/** What a strategy type's module lends the type-agnostic config routes (strategy-config.routes.ts): one mapping's settings, read and saved, in the API's words. */
export interface StrategyConfigStore {
  /** The mapping's settings, or null while it has none. The caller is checked against the mapping first. */
  find(actor: Actor, mappingId: number): Promise<Readonly<Record<string, unknown>> | null>;
  /** Reads `body` by the type's schema (400 naming the field) and saves it whole, creating it if missing. */
  save(
    actor: Actor,
    mappingId: number,
    body: Readonly<Record<string, unknown>>,
  ): Promise<Readonly<Record<string, unknown>>>;
}
