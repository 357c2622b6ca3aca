import { api, CreateUserSchema, MSG, type User } from '@app/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';

/**
 * The admin sets a new password for one user (`PUT /users/{id}` with `password`); the server
 * signs that user out everywhere. A card of its own below the users table, not inside a cell.
 * The password lives only in this panel's state and is wiped after every call.
 */
export function ResetPasswordPanel({
  user,
  isSelf = false,
  onClose,
  onDone,
}: {
  user: User;
  /** The admin's own row: a reset signs this window out too, which they should know before pressing it. */
  isSelf?: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { flash, show, clear } = useFlash();
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const submitOnce = useSingleFlight();
  const input = useRef<HTMLInputElement>(null);
  // The panel opens below the table: bring it into view, ready to type.
  useEffect(() => {
    input.current?.focus();
    // On a phone the panel opens below the fold: focusing alone does not always bring it up.
    input.current?.scrollIntoView?.({ block: 'center' });
  }, []);

  async function reset(newPassword: string) {
    setIsBusy(true);
    try {
      await call(api.users.update, { params: { id: user.id }, body: { password: newPassword } });
      onDone(MSG.passwordReset);
    } catch (err) {
      show('error', messageOf(err, MSG.failedResetPassword));
    } finally {
      setPassword('');
      setIsBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateUserSchema.shape.password.safeParse(password);
    if (!parsed.success) {
      show('error', parsed.error.issues[0]?.message ?? MSG.failedResetPassword);
      return;
    }
    clear();
    submitOnce(() => reset(parsed.data));
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} noValidate aria-label={`Reset password for ${user.username}`}>
      <h3>Reset Password - {user.username}</h3>
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={clear} />
        </div>
      )}
      {isSelf && (
        <p className="full muted" role="note">
          This is your own account: a reset signs you out everywhere, this window too. Change Password under Your
          Account keeps this session.
        </p>
      )}
      <InputField
        label="New Password"
        ref={input}
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Resetting...' : 'Reset Password'}
        </button>
        <button type="button" onClick={onClose} disabled={isBusy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
