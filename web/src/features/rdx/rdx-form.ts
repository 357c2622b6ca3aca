import { RdxConfigModal } from './RdxConfigModal';
import { RdxSummary } from './RdxSummary';

/** RDX's screens, as the Strategies page's form registry lists them (strategies/strategy-forms.ts). */
export const rdxForm = {
  strategyName: 'RDX',
  ConfigureDialog: RdxConfigModal,
  Summary: RdxSummary,
};
