import { InputField } from '../../components/FormField';
import type { ChangePasswordValues } from './change-password';

/** Current, new and confirmed new password: the Profile form's fields and the forced first-login change's. */
export function PasswordFields({
  values,
  onChange,
}: {
  values: ChangePasswordValues;
  onChange: (field: keyof ChangePasswordValues, value: string) => void;
}) {
  return (
    <>
      <InputField
        label="Current Password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current}
        onChange={(e) => onChange('current', e.target.value)}
      />
      <InputField
        label="New Password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={values.next}
        onChange={(e) => onChange('next', e.target.value)}
      />
      <InputField
        label="Confirm New Password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => onChange('confirm', e.target.value)}
      />
    </>
  );
}
