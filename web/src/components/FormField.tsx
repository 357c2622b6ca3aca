import type { ComponentPropsWithRef, ReactNode } from 'react';

/** The text of a field and an optional note under its control (a warning, a format hint). */
interface FieldText {
  label: ReactNode;
  hint?: ReactNode;
}

/** One choice of a {@link SelectField}. */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * A labelled field around any control: a `<label>` wrapping the text, the control and the hint.
 * The control sits inside the label (no `htmlFor`/`id` pair) so it is named by the label without
 * an id to keep unique, which is what the forms' CSS and `getByLabel` selectors already rely on.
 */
export function FormField({ label, hint, children }: FieldText & { children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
      {hint}
    </label>
  );
}

/** A labelled `<input>`; every other prop (ref included) goes to the input unchanged. */
export function InputField({ label, hint, ...input }: FieldText & ComponentPropsWithRef<'input'>) {
  return (
    <FormField label={label} hint={hint}>
      <input {...input} />
    </FormField>
  );
}

/**
 * A labelled `<select>`. `children` come before `options`, so a placeholder (or a value missing
 * from the list) can lead a list built from data; every other prop goes to the select unchanged.
 */
export function SelectField({
  label,
  hint,
  options,
  children,
  ...select
}: FieldText & { options?: readonly FieldOption[] } & ComponentPropsWithRef<'select'>) {
  return (
    <FormField label={label} hint={hint}>
      <select {...select}>
        {children}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
