import type { QueryClient } from '@tanstack/react-query';
import type { EntryFacts } from '../strategies/entry-plan';
import { RdxConfigModal } from './RdxConfigModal';
import { rdxConfigKeys } from './rdx-config-keys';
import { fetchRdxConfig } from './rdx-config-query';
import { rdxEntryPlan } from './rdx-entry-plan';
import { RdxSummary } from './RdxSummary';

/** RDX's screens, as the Strategies page's form registry lists them (strategies/strategy-forms.ts). */
export const rdxForm = {
  strategyName: 'RDX',
  strategyType: 'rdx',
  ConfigureDialog: RdxConfigModal,
  Summary: RdxSummary,
  /** Read fresh: a lot count changed in another tab must not be confirmed stale. */
  entryPlan: async (mapping: EntryFacts, queryClient: QueryClient) => {
    const config = await queryClient.fetchQuery({
      queryKey: rdxConfigKeys.detail(mapping.id),
      queryFn: () => fetchRdxConfig(mapping.id),
    });
    return rdxEntryPlan(mapping, { lotCount: config?.rdx_lot_count ?? 1, interval: config?.interval ?? null });
  },
};
