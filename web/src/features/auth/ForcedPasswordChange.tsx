import { api, MSG, PASSWORD_MIN_LENGTH } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { call, callRoute, messageOf } from '../../api/client';
import { getToken, storeSession } from '../../api/session';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { EMPTY_CHANGE_PASSWORD, parseChangePassword, type ChangePasswordValues } from '../profile/change-password';
import { PasswordFields } from '../profile/PasswordFields';
import { useSession } from './session-context';

/**
 * Issues 14 and 27: someone signed in with a password they did not choose (the first start's printed one, or
 * one an admin created or reset), and the server refuses everything else (428) until they choose their own. Shown by the route guards in place of any screen.
 * After the change the session is verified again: the reply no longer carries the flag, the stored user
 * is replaced, and the guard renders the home that was asked for.
 */
export function ForcedPasswordChange() {
  const { user, logout } = useSession();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY_CHANGE_PASSWORD);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitOnce = useSingleFlight();

  const set = (field: keyof ChangePasswordValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  async function change(body: { current_password: string; new_password: string }) {
    setIsBusy(true);
    try {
      await callRoute(api.auth.changePassword, { body });
      setValues(EMPTY_CHANGE_PASSWORD);
      const { user: verified } = await call(api.auth.verify);
      const token = getToken();
      if (token) storeSession(token, verified);
    } catch (err) {
      setValues((v) => ({ ...v, current: '' }));
      setError(messageOf(err, MSG.failedChangePassword));
    } finally {
      setIsBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseChangePassword(values);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    submitOnce(() => change(parsed.body));
  }

  return (
    <main className="login-page">
      <form className="card login-card" onSubmit={onSubmit} noValidate aria-label="Change your password">
        <h1>Change your password</h1>
        <p className="muted">
          {user ? `${user.username}, you` : 'You'} signed in with the password printed when the console first started,
          or one an admin set for you. Choose your own before you continue: at least {PASSWORD_MIN_LENGTH} characters,
          and not a common password.
        </p>
        <PasswordFields values={values} onChange={set} />
        {error && (
          <div className="message message-error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Changing...' : 'Change Password'}
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </form>
    </main>
  );
}
