import type { UserListItem } from '@app/contract';
import { signInState } from './sign-in-lock';

/**
 * The users tab's Sign-in column (issue 27): "Locked until 14:12 IST" with the failures and an Unlock button
 * while a user's wrong passwords are refused, the failures alone short of that, else a dash.
 */
export function UserSignInCell({
  user,
  isUnlocking,
  onUnlock,
}: {
  user: UserListItem;
  isUnlocking: boolean;
  onUnlock: () => void;
}) {
  const state = signInState(user, Date.now());
  if (state.kind === 'clear') return <span className="muted">—</span>;
  if (state.kind === 'failures') return <span className="muted">{state.text}</span>;
  return (
    <div className="row">
      <span className="badge paused">{state.text}</span>
      <span className="muted">{state.failed}</span>
      <button type="button" onClick={onUnlock} disabled={isUnlocking}>
        {isUnlocking ? 'Unlocking...' : 'Unlock'}
      </button>
    </div>
  );
}
