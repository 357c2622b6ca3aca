import { useState, type FormEvent } from 'react';
import { InputField } from '../../components/FormField';
import type { HolidayBody } from './useHolidays';

interface Props {
  isSaving: boolean;
  onSubmit: (body: HolidayBody) => void;
  /** An edit clears the last error: it no longer describes what is typed. */
  onInput: () => void;
}

/** Adds one day to the calendar: the IST date and why NSE is closed (the tab empties it by a new key). */
export function AddHolidayForm({ isSaving, onSubmit, onInput }: Props) {
  const [date, setDate] = useState('');
  const [description, setDescription] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    // Both are required; the browser's own check stops an empty form before this.
    if (!date || !description.trim()) return;
    onSubmit({ date, description: description.trim() });
  }

  return (
    <form className="card form-grid" onSubmit={submit} aria-label="Add Holiday">
      <h3>Add Holiday</h3>
      <InputField
        label="Date"
        name="date"
        type="date"
        value={date}
        onChange={(e) => {
          setDate(e.target.value);
          onInput();
        }}
        required
      />
      <InputField
        label="Description"
        name="description"
        value={description}
        maxLength={120}
        placeholder="e.g. Diwali-Balipratipada"
        onChange={(e) => {
          setDescription(e.target.value);
          onInput();
        }}
        required
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isSaving}>
          {isSaving ? 'Adding...' : 'Add Holiday'}
        </button>
      </div>
    </form>
  );
}
