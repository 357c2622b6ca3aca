import { rdxStrikes, type RdxConfig } from '@app/contract';
import { formatDateTime } from '../../lib/format';

/** Saved RDX configuration with the strikes it implies (CE = ATM + offset, PE = ATM − offset). */
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
  const strikes = rdxStrikes(config.atm_value, config.offset_value);
  return (
    <>
      <dl className="rdx-details" aria-label="RDX configuration">
        <dt>Lot Count</dt>
        <dd data-testid="rdx-lot-count">{config.rdx_lot_count}</dd>
        <dt>ATM Value</dt>
        <dd data-testid="rdx-atm-value">{config.atm_value}</dd>
        <dt>Offset Value</dt>
        <dd data-testid="rdx-offset-value">{config.offset_value}</dd>
        <dt>Interval</dt>
        <dd data-testid="rdx-interval">{config.interval}</dd>
        <dt>CE Strike</dt>
        <dd data-testid="rdx-ce-strike">{strikes.ce}</dd>
        <dt>PE Strike</dt>
        <dd data-testid="rdx-pe-strike">{strikes.pe}</dd>
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
