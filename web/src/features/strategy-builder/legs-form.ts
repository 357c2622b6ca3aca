import type { QueryClient } from '@tanstack/react-query';
import type { EntryFacts, EntryPlan } from '../strategies/entry-plan';
import { LegsRowSummary } from './LegsRowSummary';
import { entryPlanOfLegs } from './legs-summary';
import { legsConfigOf, strategyConfigQuery } from './legs-config-query';

/**
 * The Multi-leg type's screens, as the Strategies page's form registry lists them (strategies/strategy-forms.ts):
 * its legs are edited in the Strategy Builder, not in a dialog, so Configure is a link there.
 */
export const legsForm = {
  strategyName: 'Multi-leg',
  strategyType: 'legs',
  hasSideCounts: false as const,
  configurePath: (mapping: { id: number }) => `/strategy-builder?mapping=${mapping.id}`,
  Summary: LegsRowSummary,
  /** Read fresh, as RDX's is: legs changed in another tab must not be confirmed stale. */
  entryPlan: async (mapping: EntryFacts, queryClient: QueryClient): Promise<EntryPlan> => {
    const reply = await queryClient.fetchQuery({ ...strategyConfigQuery(mapping.id), staleTime: 0 });
    return entryPlanOfLegs(legsConfigOf(reply), mapping.lot_size);
  },
};
