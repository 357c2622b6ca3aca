import type { Mapping } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { rdxForm } from '../rdx/rdx-form';
import { legsForm } from '../strategy-builder/legs-form';
import type { EntryFacts, EntryPlan } from './entry-plan';

/**
 * A strategy type's screens (the server's strategy registry's counterpart): its Configure dialog, the row's
 * summary of its settings and what its entry would trade. The Strategies page picks them by the mapping's strategy; a strategy no type
 * trades has neither and offers View instead of Configure.
 */
export interface StrategyForm {
  /** The strategy's name, as the server's registry knows the type ("RDX"). */
  strategyName: string;
  /** The type's key (`GET /strategies/list`'s `type`): a strategy is matched by it when the list is at hand. */
  strategyType: string;
  /** Configure opens this dialog on the page… */
  ConfigureDialog?: ComponentType<{ mapping: Mapping; onClose: () => void }>;
  /** …or goes to this page (a Multi-leg strategy's legs are edited in the Strategy Builder). */
  configurePath?: (mapping: Pick<Mapping, 'id'>) => string;
  Summary: ComponentType<{ mapping: Mapping }>;
  /**
   * False when the mapping's CE and PE counts do not size the strategy (a Multi-leg strategy's legs do): the row
   * shows a dash rather than counts that mean nothing for it.
   */
  hasSideCounts?: false;
  /** What an entry of the row would trade, from its saved settings, for the LIVE questions (strategy-confirm.ts). */
  entryPlan(mapping: EntryFacts, queryClient: QueryClient): Promise<EntryPlan>;
}

/** One line per strategy type. Only a strategy of the RDX type has the RDX configuration (SPEC §2). */
const STRATEGY_FORMS: readonly StrategyForm[] = [rdxForm, legsForm];

/**
 * The screens of a mapping's strategy type, or null when no type trades it: by the strategy's type when the
 * strategies' list says it (`typeOf`, from GET /strategies/list), else by the strategy's name.
 */
export function strategyFormOf(
  mapping: Pick<Mapping, 'strategy_name'> & Partial<Pick<Mapping, 'strategy_id'>>,
  typeOf?: (strategyId: number) => string | null | undefined,
): StrategyForm | null {
  const type = mapping.strategy_id === undefined ? undefined : typeOf?.(mapping.strategy_id);
  if (type !== undefined) return STRATEGY_FORMS.find((f) => f.strategyType === type) ?? null;
  return STRATEGY_FORMS.find((f) => f.strategyName === mapping.strategy_name) ?? null;
}

/** The configure action of a mapping's type: a page to go to, a dialog to open, or none (View instead). */
export type ConfigureAction = { kind: 'page'; path: string } | { kind: 'dialog' } | null;

export function configureActionOf(form: StrategyForm | null, mapping: Pick<Mapping, 'id'>): ConfigureAction {
  if (form?.configurePath) return { kind: 'page', path: form.configurePath(mapping) };
  return form?.ConfigureDialog ? { kind: 'dialog' } : null;
}
