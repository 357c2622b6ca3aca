import type { Instrument } from '@app/contract';
import { instrumentLabel } from './data-labels';

interface Props {
  instruments: Instrument[];
  value: string;
  onChange: (token: string) => void;
  label?: string;
  placeholder?: string;
}

/**
 * A select of instruments by token. A value that is not in the list (a config for an
 * instrument that is not registered) stays selectable as its raw token.
 */
export function InstrumentSelect({ instruments, value, onChange, label, placeholder = 'Select instrument' }: Props) {
  const isKnown = !value || instruments.some((i) => i.instrument_token === value);
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...(label ? { 'aria-label': label } : {})}>
      <option value="">{placeholder}</option>
      {!isKnown && <option value={value}>{value}</option>}
      {instruments.map((i) => (
        <option key={i.id} value={i.instrument_token}>
          {instrumentLabel(i.name, i.instrument_token)}
        </option>
      ))}
    </select>
  );
}
