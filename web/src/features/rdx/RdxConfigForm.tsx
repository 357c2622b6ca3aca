import { LIMITS, RDX_INTERVALS } from '@app/contract';
import type { FormEvent } from 'react';
import { InputField, SelectField } from '../../components/FormField';
import { formatDateTime } from '../../lib/format';
import { toNumber, type RdxFormValues } from './rdx-config-form';
import { strikeTexts } from './rdx-display';

/** Create/edit form of one mapping's RDX configuration; the strikes follow the typed values. */
export function RdxConfigForm({
  values,
  atmLastUpdated,
  submitLabel,
  isSaving,
  onChange,
  onSubmit,
  onCancel,
}: {
  values: RdxFormValues;
  atmLastUpdated: string | null;
  submitLabel: 'Create' | 'Update';
  isSaving: boolean;
  onChange: (values: RdxFormValues) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const set = (field: keyof RdxFormValues) => (e: { target: { value: string } }) =>
    onChange({ ...values, [field]: e.target.value });
  const strikes = strikeTexts(toNumber(values.atm_value), toNumber(values.offset_value));

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }

  return (
    <form className="form-grid" onSubmit={submit} noValidate aria-label="RDX configuration form">
      <InputField
        label="Lot Count"
        name="rdx_lot_count"
        type="number"
        min={1}
        max={LIMITS.maxRdxLotCount}
        step={1}
        required
        value={values.rdx_lot_count}
        onChange={set('rdx_lot_count')}
      />
      <InputField
        label="ATM Value"
        name="atm_value"
        type="number"
        min={0}
        max={LIMITS.maxAtmRupees}
        step="any"
        value={values.atm_value}
        onChange={set('atm_value')}
      />
      <InputField
        label="Offset Value"
        name="offset_value"
        type="number"
        step="any"
        value={values.offset_value}
        onChange={set('offset_value')}
      />
      <SelectField
        label="Interval"
        name="interval"
        required
        value={values.interval}
        onChange={set('interval')}
        options={RDX_INTERVALS.map((i) => ({ value: i, label: i }))}
      />
      <InputField
        label="ATM Last Updated"
        name="atm_last_updated"
        readOnly
        value={atmLastUpdated ? formatDateTime(atmLastUpdated) : 'Never'}
        aria-readonly="true"
      />
      <p className="full muted rdx-hint">
        ATM 0 means the engine sets it from the price at the first entry. CE Strike = ATM + Offset, PE Strike = ATM −
        Offset.
      </p>
      <div className="full rdx-strikes" aria-live="polite">
        <span>
          CE Strike: <strong data-testid="rdx-form-ce-strike">{strikes.ce}</strong>
        </span>
        <span>
          PE Strike: <strong data-testid="rdx-form-pe-strike">{strikes.pe}</strong>
        </span>
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isSaving}>
          {isSaving ? 'Saving...' : submitLabel}
        </button>
        <button type="button" onClick={onCancel} disabled={isSaving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
