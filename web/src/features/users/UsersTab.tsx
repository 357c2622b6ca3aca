import { api, engineRoutes, MSG, type UserListItem } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { AlertChannelsForm } from '../alerts/AlertChannelsForm';
import { useSession } from '../auth/session-context';
import { ChangePasswordForm } from '../profile/ChangePasswordForm';
import { DailyLimitForm } from '../risk/DailyLimitForm';
import { AddUserForm } from './AddUserForm';
import { ResetPasswordPanel } from './ResetPasswordPanel';
import { UserBrokerAccountsPanel } from './UserBrokerAccountsPanel';
import { UserSignInCell } from './UserSignInCell';
import { usersKey } from './users-keys';

/**
 * Admin users tab (SPEC §2): add a user, list users with Delete, reset a user's password, set a user's
 * daily max loss (issue 13), and see and end a user's sign-in lock (issue 27). Below, the admin's own account: an admin has no Profile page, yet changes
 * their own password and receives kill-switch and limit alerts like anyone.
 */
export function UsersTab() {
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const confirm = useConfirm();
  const users = useQuery({ queryKey: usersKey, queryFn: () => call(api.users.list) });
  const [resetFor, setResetFor] = useState<number | null>(null);
  const [limitFor, setLimitFor] = useState<number | null>(null);
  const [accountsFor, setAccountsFor] = useState<number | null>(null);
  const limitPanel = useRef<HTMLDivElement>(null);
  // The panel opens under the table, below the fold on a phone: bring it up.
  useEffect(() => {
    if (limitFor !== null) limitPanel.current?.scrollIntoView?.({ block: 'center' });
  }, [limitFor]);
  const remove = useMutation({
    mutationFn: (id: number) => call(api.users.remove, { params: { id } }),
    onSuccess: async (_data, id) => {
      show('success', 'User deleted');
      setResetFor((open) => (open === id ? null : open));
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => show('error', messageOf(err, MSG.failedDeleteUser)),
  });

  const unlock = useMutation({
    mutationFn: (id: number) => call(api.users.unlock, { params: { id } }),
    onSuccess: async (user) => {
      show('success', `${MSG.userUnlocked} for ${user.username}`);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => show('error', messageOf(err, MSG.failedUnlockUser)),
  });

  const testEvent = useMutation({
    mutationFn: (userId: number) => call(engineRoutes.testEvent, { body: { userId } }),
    onSuccess: () => show('success', 'Test event sent'),
    onError: (err) => show('error', messageOf(err, 'Failed to send test event')),
  });

  async function onDelete(user: UserListItem) {
    const yes = await confirm({
      title: `Delete ${user.username}?`,
      text: MSG.confirmDeleteUser,
      details: [`Username: ${user.username}`, `Role: ${user.role}`],
      confirmLabel: 'Delete',
      isDanger: true,
    });
    if (yes) remove.mutate(user.id);
  }

  const resetUser = users.data?.find((u) => u.id === resetFor) ?? null;
  const limitUser = users.data?.find((u) => u.id === limitFor) ?? null;
  const accountsUser = users.data?.find((u) => u.id === accountsFor) ?? null;

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
          <div className="table-wrap">
            <table className="table" aria-label="Users">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>Username</th>
                  <th>Role</th>
                  <th>Sign-in</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((u) => (
                  <tr key={u.id} data-testid={`user-row-${u.username}`}>
                    <td>{u.id}</td>
                    <td>{u.username}</td>
                    <td>{u.role}</td>
                    <td>
                      <UserSignInCell
                        user={u}
                        isUnlocking={unlock.isPending && unlock.variables === u.id}
                        onUnlock={() => unlock.mutate(u.id)}
                      />
                    </td>
                    <td>
                      <div className="row">
                        <button
                          type="button"
                          onClick={() => setResetFor(u.id)}
                          disabled={resetFor === u.id}
                          aria-expanded={resetFor === u.id}
                        >
                          Reset Password
                        </button>
                        <button
                          type="button"
                          onClick={() => setLimitFor((open) => (open === u.id ? null : u.id))}
                          aria-expanded={limitFor === u.id}
                        >
                          Daily Limit
                        </button>
                        <button
                          type="button"
                          onClick={() => setAccountsFor((open) => (open === u.id ? null : u.id))}
                          aria-expanded={accountsFor === u.id}
                        >
                          Broker Accounts
                        </button>
                        <button type="button" onClick={() => testEvent.mutate(u.id)}>
                          Send Test Event
                        </button>
                        <button type="button" className="danger" onClick={() => void onDelete(u)}>
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {limitUser && (
        <div className="card" ref={limitPanel} aria-label={`Daily max loss for ${limitUser.username}`} role="region">
          <div className="view-header">
            <h3>Daily max loss for {limitUser.username}</h3>
            <button type="button" onClick={() => setLimitFor(null)}>
              Close
            </button>
          </div>
          <DailyLimitForm key={limitUser.id} userId={limitUser.id} compact />
        </div>
      )}
      {accountsUser && (
        <UserBrokerAccountsPanel key={accountsUser.id} user={accountsUser} onClose={() => setAccountsFor(null)} />
      )}
      {resetUser && (
        <ResetPasswordPanel
          key={resetUser.id}
          user={resetUser}
          isSelf={resetUser.id === me?.id}
          onClose={() => setResetFor(null)}
          onDone={(text) => {
            setResetFor(null);
            show('success', text);
          }}
        />
      )}
      <section className="stack" aria-label="Your Account">
        <h3>Your Account{me ? ` (${me.username})` : ''}</h3>
        <ChangePasswordForm />
        <AlertChannelsForm />
      </section>
    </section>
  );
}
