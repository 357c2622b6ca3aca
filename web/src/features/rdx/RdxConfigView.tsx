import type { RdxConfig } from '@app/contract';
import { formatDateTime } from '../../lib/format';
import { rupeesText, strikeTexts } from './rdx-display';

/**
 * Saved RDX configuration with the strikes it implies (CE = ATM + offset, PE = ATM − offset);
 * before the first entry (ATM 0) the strikes are not known yet and say so.
 */
export function RdxConfigView({
  config,
  isDeleting,
  onEdit,
  onDelete,
}: {
  config: RdxConfig;
  isDeleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const texts = strikeTexts(config.atm_value, config.offset_value);
  return (
    <>
      <dl className="rdx-details" aria-label="RDX configuration">
        <dt>Lot Count</dt>
        <dd data-testid="rdx-lot-count">{config.rdx_lot_count}</dd>
        <dt>ATM Value</dt>
        <dd data-testid="rdx-atm-value">{texts.atm}</dd>
        <dt>Offset Value</dt>
        <dd data-testid="rdx-offset-value">{rupeesText(config.offset_value)}</dd>
        <dt>Interval</dt>
        <dd data-testid="rdx-interval">{config.interval}</dd>
        <dt>CE Strike</dt>
        <dd data-testid="rdx-ce-strike">{texts.ce}</dd>
        <dt>PE Strike</dt>
        <dd data-testid="rdx-pe-strike">{texts.pe}</dd>
        <dt>ATM Last Updated</dt>
        <dd>{config.atm_last_updated ? formatDateTime(config.atm_last_updated) : 'Never'}</dd>
      </dl>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onEdit} disabled={isDeleting}>
          Edit
        </button>
        <button type="button" className="danger" onClick={onDelete} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </>
  );
}
