/**
 * Every strategy type the console trades, one line each (strategy-type.types.ts says what a type exports). The
 * engine, the strategies list and the status line find a mapping's type here by its strategy's name.
 */
import { legsStrategy } from '../legs/legs-strategy.logic.js';
import { rdxStrategy } from '../rdx/rdx-strategy.logic.js';
import type { AnyStrategyType, StrategyType } from './strategy-type.types.js';

const STRATEGY_TYPES = [
  rdxStrategy, // the first type: a short strangle re-centred on the ATM (docs/RDX.md)
  legsStrategy, // up to eight legs bought or sold together, each with its own strike rule (docs/STRATEGIES.md)
] as const satisfies readonly AnyStrategyType[];

/** The settings of any registered type, as the engine's state read carries them. */
export type StrategyConfig =
  (typeof STRATEGY_TYPES)[number] extends StrategyType<infer Config, string> ? Config : never;

const byId = new Map<string, AnyStrategyType>(STRATEGY_TYPES.map((t) => [t.id, t] as const));

// The engine writes its queries with each type's table and column names: plain identifiers only.
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
for (const { id, storage } of STRATEGY_TYPES) {
  const names = [storage.table, ...storage.columns, storage.anchorColumn, storage.anchorAtColumn];
  if (storage.memo) names.push(storage.memo.column);
  const bad = names.find((n) => !IDENTIFIER.test(n));
  if (bad !== undefined) throw new Error(`Strategy type ${id}: "${bad}" is not a plain SQL identifier`);
}

/** The strategy type of a strategy (by its name), or null for a strategy no type trades. */
export const strategyTypeOf = (strategyName: string): AnyStrategyType | null => byId.get(strategyName) ?? null;

/**
 * The type a strategy's mappings are decided and worded by: its own. A strategy no type trades reads as an
 * unconfigured mapping of the first type (it can never be configured, so it never starts); the engine's state
 * read finds only the first type's configurations, so it never decides one by another type's rules.
 */
export const strategyTypeFor = (strategyName: string): AnyStrategyType =>
  strategyTypeOf(strategyName) ?? STRATEGY_TYPES[0];

/** Every registered type, first one first. */
export const strategyTypes = (): readonly AnyStrategyType[] => STRATEGY_TYPES;
