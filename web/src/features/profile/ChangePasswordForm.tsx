import { api, MSG } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { callRoute, messageOf } from '../../api/client';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { Message, useFlash } from '../../components/Message';
import { EMPTY_CHANGE_PASSWORD, parseChangePassword, type ChangePasswordValues } from './change-password';
import { PasswordFields } from './PasswordFields';
import './profile.css';

/**
 * Profile 'Change Password': current, new and confirmed new password. The server keeps this
 * session and signs out every other one; its message says so. Passwords stay in this form's state
 * only (not in a mutation cache) and are wiped after every call.
 */
export function ChangePasswordForm() {
  const { flash, show, clear } = useFlash();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY_CHANGE_PASSWORD);
  const [isBusy, setIsBusy] = useState(false);
  const submitOnce = useSingleFlight();

  const set = (field: keyof ChangePasswordValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (flash?.kind === 'error') clear();
  };

  async function change(body: { current_password: string; new_password: string }) {
    setIsBusy(true);
    try {
      const reply = await callRoute(api.auth.changePassword, { body });
      setValues(EMPTY_CHANGE_PASSWORD);
      show('success', reply.message ?? MSG.passwordChanged);
    } catch (err) {
      setValues((v) => ({ ...v, current: '' }));
      show('error', messageOf(err, MSG.failedChangePassword));
    } finally {
      setIsBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseChangePassword(values);
    if (!parsed.ok) {
      show('error', parsed.error);
      return;
    }
    clear();
    submitOnce(() => change(parsed.body));
  }

  return (
    <form className="card form-grid change-password" onSubmit={onSubmit} noValidate aria-label="Change Password">
      <h3>Change Password</h3>
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={clear} />
        </div>
      )}
      <PasswordFields values={values} onChange={set} />
      <p className="full muted change-password-hint">
        At least 8 characters, not a common password. Your other sessions will be signed out.
      </p>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Changing...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
