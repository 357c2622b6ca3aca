import { TIMEZONES, TRADING_DAY_SETS } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { InputField, SelectField } from '../../components/FormField';
import { instrumentPayload, lotSizeError, type InstrumentBody, type InstrumentDraft } from './instrument-form';

interface Props {
  mode: 'create' | 'edit';
  initial: InstrumentDraft;
  isSaving: boolean;
  onSubmit: (body: InstrumentBody) => void;
  onCancel: () => void;
  /** Called on every change, so a failed save's error can clear once the input is fixed. */
  onInput?: () => void;
  /** Input the form refuses in words (a fractional lot size) rather than ignoring. */
  onInvalid?: (message: string) => void;
}

/**
 * Create/edit form of one instrument. Invalid input is silently ignored on submit (SPEC §5), except a fractional
 * lot size, which is named (never truncated).
 */
export function InstrumentForm({ mode, initial, isSaving, onSubmit, onCancel, onInput, onInvalid }: Props) {
  const [draft, setDraft] = useState(initial);
  const set = (field: keyof InstrumentDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    onInput?.();
  };
  const title = mode === 'create' ? 'Add New Instrument' : 'Edit Instrument';
  // An instrument stored with a day list outside the offered sets keeps it selectable.
  const daySets = TRADING_DAY_SETS.some((s) => s.value === draft.tradingDays)
    ? TRADING_DAY_SETS
    : [...TRADING_DAY_SETS, { value: draft.tradingDays, label: draft.tradingDays }];
  const timezones = (TIMEZONES as readonly string[]).includes(draft.timezone)
    ? TIMEZONES
    : [...TIMEZONES, draft.timezone];

  function submit(e: FormEvent) {
    e.preventDefault();
    const error = lotSizeError(draft.lotSize);
    if (error) return onInvalid?.(error);
    const body = instrumentPayload(draft);
    if (body) onSubmit(body);
  }

  return (
    // noValidate: SPEC wants invalid input silently ignored, not the browser's validation bubbles.
    <form className="card form-grid" onSubmit={submit} aria-label={title} noValidate>
      <h3>{title}</h3>
      <InputField label="Name" value={draft.name} onChange={(e) => set('name')(e.target.value)} required />
      <InputField
        label="Instrument Token"
        value={draft.instrumentToken}
        onChange={(e) => set('instrumentToken')(e.target.value)}
        required
      />
      <InputField
        label="Lot Size"
        type="number"
        min={1}
        step={1}
        value={draft.lotSize}
        onChange={(e) => set('lotSize')(e.target.value)}
        required
      />
      <InputField
        label="Ticker Symbol"
        value={draft.ticker}
        onChange={(e) => set('ticker')(e.target.value)}
        placeholder="Optional"
      />
      <InputField
        label="Market Open Time"
        type="time"
        value={draft.openTime}
        onChange={(e) => set('openTime')(e.target.value)}
        required
      />
      <InputField
        label="Market Close Time"
        type="time"
        value={draft.closeTime}
        onChange={(e) => set('closeTime')(e.target.value)}
        required
      />
      <SelectField
        label="Timezone"
        aria-label="Timezone"
        value={draft.timezone}
        onChange={(e) => set('timezone')(e.target.value)}
        options={timezones.map((tz) => ({ value: tz, label: tz }))}
      />
      <SelectField
        label="Trading Days"
        aria-label="Trading Days"
        value={draft.tradingDays}
        onChange={(e) => set('tradingDays')(e.target.value)}
        options={daySets}
      />
      <InputField
        label="Market Protection (%)"
        aria-label="Market Protection (%)"
        aria-describedby="instrument-market-protection-hint"
        type="number"
        min={-1}
        max={100}
        step={1}
        value={draft.marketProtection}
        onChange={(e) => set('marketProtection')(e.target.value)}
        hint={
          <small className="muted" id="instrument-market-protection-hint">
            −1: Kite&apos;s automatic bound
          </small>
        }
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isSaving}>
          {isSaving ? 'Saving...' : mode === 'create' ? 'Add Instrument' : 'Update Instrument'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
