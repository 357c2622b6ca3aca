import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getStoredUser, takeSessionEndedReason } from '../../api/session';
import { InputField } from '../../components/FormField';
import { SandboxChip, SandboxNote } from '../../components/SandboxChip';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { homeFor, useSession } from './session-context';

export const PRODUCT_NAME = 'RDX Trading Console';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read once: a later visit to the login page (after a logout) says nothing.
  const [endedReason] = useState(takeSessionEndedReason);
  const submitOnce = useSingleFlight();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // SPEC §5: nothing is submitted if either field is empty.
    if (!username.trim() || !password) return;
    submitOnce(signIn);
  }

  async function signIn() {
    setIsBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      const user = getStoredUser();
      if (user) void navigate(homeFor(user), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Login failed');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <main className="login-page">
      <form className="card login-card" onSubmit={onSubmit} noValidate>
        <div className="page-title">
          <h1>{PRODUCT_NAME}</h1>
          <SandboxChip />
        </div>
        <SandboxNote />
        <InputField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <InputField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {endedReason && !error && (
          <div className="message message-info" role="status">
            {endedReason}
          </div>
        )}
        {error && (
          <div className="message message-error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
