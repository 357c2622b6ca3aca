import { api, MSG, type Role } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField, SelectField, type FieldOption } from '../../components/FormField';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { usersKey } from './users-keys';

const ROLE_OPTIONS: readonly FieldOption[] = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

/** SPEC §2 'Add New User': username, password, role (default User); a double click adds one user. */
export function AddUserForm({ onDone }: { onDone: (ok: boolean, text: string) => void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('user');
  const submitOnce = useSingleFlight();
  const create = useMutation({
    mutationFn: (body: { username: string; password: string; role: Role }) => call(api.users.create, { body }),
    onSuccess: async (user) => {
      setUsername('');
      setPassword('');
      setRole('user');
      // Issue 27: the password the admin chose is theirs to pass on, and the user's to replace.
      onDone(true, `User ${user.username} created. They choose their own password at first sign-in.`);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => onDone(false, messageOf(err, MSG.failedCreateUser)),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // SPEC §5: username, password and role are required.
    if (!username.trim() || !password || !role) return;
    const body = { username: username.trim(), password, role };
    submitOnce(() => create.mutateAsync(body));
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} aria-label="Add New User">
      <h3>Add New User</h3>
      <InputField
        label="Username"
        name="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
      />
      <InputField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <SelectField
        label="Role"
        name="role"
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        required
        options={ROLE_OPTIONS}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add User'}
        </button>
      </div>
    </form>
  );
}
