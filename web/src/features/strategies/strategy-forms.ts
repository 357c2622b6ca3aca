import type { Mapping } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { rdxForm } from '../rdx/rdx-form';
import type { EntryFacts, EntryPlan } from './entry-plan';

/**
 * A strategy type's screens (the server's strategy registry's counterpart): its Configure dialog, the row's
 * summary of its settings and what its entry would trade. The Strategies page picks them by the mapping's strategy; a strategy no type
 * trades has neither and offers View instead of Configure.
 */
export interface StrategyForm {
  /** The strategy's name, as the server's registry knows the type ("RDX"). */
  strategyName: string;
  ConfigureDialog: ComponentType<{ mapping: Mapping; onClose: () => void }>;
  Summary: ComponentType<{ mapping: Mapping }>;
  /** What an entry of the row would trade, from its saved settings, for the LIVE questions (strategy-confirm.ts). */
  entryPlan(mapping: EntryFacts, queryClient: QueryClient): Promise<EntryPlan>;
}

/** One line per strategy type. Only a strategy named RDX has the RDX configuration (SPEC §2). */
const STRATEGY_FORMS: readonly StrategyForm[] = [rdxForm];

/** The screens of a mapping's strategy type, or null when no type trades it. */
export const strategyFormOf = (mapping: Pick<Mapping, 'strategy_name'>): StrategyForm | null =>
  STRATEGY_FORMS.find((f) => f.strategyName === mapping.strategy_name) ?? null;
