import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField, InputField, SelectField } from './FormField';

describe('FormField', () => {
  afterEach(cleanup);

  it('names an input by its label, passes its props and ref through, and shows the hint under it', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <InputField
        label="Broker Token"
        ref={ref}
        name="broker_token"
        type="password"
        autoComplete="new-password"
        defaultValue="secret"
        hint={<span role="note">Leave empty to keep it</span>}
      />,
    );
    const input = screen.getByLabelText(/Broker Token/);
    expect(input).toBe(ref.current);
    expect(input.getAttribute('name')).toBe('broker_token');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    // The hint lives inside the label, after the control, as the form CSS expects.
    const label = input.closest('label');
    expect(label?.lastElementChild).toBe(screen.getByRole('note'));
    expect(screen.getByRole('note').textContent).toBe('Leave empty to keep it');
  });

  it('names a select by its label and lists its children before its options', () => {
    render(
      <SelectField
        label="User Broker"
        name="user_broker_id"
        defaultValue="7"
        options={[
          { value: '7', label: 'Zerodha - ZX1' },
          { value: '8', label: 'Zerodha - ZX2' },
        ]}
      >
        <option value="">Select a user broker</option>
      </SelectField>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'User Broker' });
    expect(select.value).toBe('7');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Select a user broker'],
      ['7', 'Zerodha - ZX1'],
      ['8', 'Zerodha - ZX2'],
    ]);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('labels a control of its own', () => {
    render(
      <FormField label="Instrument">
        <select aria-label="Instrument" />
      </FormField>,
    );
    expect(screen.getByLabelText('Instrument').tagName).toBe('SELECT');
  });
});
