import { api, engineRoutes, MSG, type Role } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { Message, useFlash } from '../../components/Message';

const usersKey = ['users'] as const;

function AddUserForm({ onDone }: { onDone: (ok: boolean, text: string) => void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('user');
  const create = useMutation({
    mutationFn: () => call(api.users.create, { body: { username: username.trim(), password, role } }),
    onSuccess: async (user) => {
      setUsername('');
      setPassword('');
      setRole('user');
      onDone(true, `User ${user.username} created`);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => onDone(false, messageOf(err, MSG.failedCreateUser)),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password || !role) return;
    create.mutate();
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} aria-label="Add New User">
      <h3>Add New User</h3>
      <label>
        Username
        <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      <label>
        Role
        <select name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} required>
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </select>
      </label>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add User'}
        </button>
      </div>
    </form>
  );
}

export function UsersTab() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const users = useQuery({ queryKey: usersKey, queryFn: () => call(api.users.list) });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.users.remove, { params: { id } }),
    onSuccess: async () => {
      show('success', 'User deleted');
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => show('error', messageOf(err, MSG.failedDeleteUser)),
  });

  const testEvent = useMutation({
    mutationFn: (userId: number) => call(engineRoutes.testEvent, { body: { userId } }),
    onSuccess: () => show('success', 'Test event sent'),
    onError: (err) => show('error', messageOf(err, 'Failed to send test event')),
  });

  function onDelete(id: number) {
    if (window.confirm(MSG.confirmDeleteUser)) remove.mutate(id);
  }

  return (
    <section className="stack">
      <h2 className="tab-title">User Management</h2>
      <Message flash={flash} onClose={clear} />
      <AddUserForm onDone={(ok, text) => show(ok ? 'success' : 'error', text)} />
      <div className="card">
        <h3>Users</h3>
        {users.isPending && <p className="muted">Loading users...</p>}
        {users.isError && (
          <div className="message message-error" role="alert">
            {messageOf(users.error, MSG.failedFetchUsers)}
          </div>
        )}
        {users.data && (
          <table className="table">
            <thead>
              <tr>
                <th>ID</th>
                <th>Username</th>
                <th>Role</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.username}`}>
                  <td>{u.id}</td>
                  <td>{u.username}</td>
                  <td>{u.role}</td>
                  <td className="row">
                    <button type="button" onClick={() => testEvent.mutate(u.id)}>
                      Send Test Event
                    </button>
                    <button type="button" className="danger" onClick={() => onDelete(u.id)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
