import type { UserListItem } from '@app/contract';
import { formatTimeIn, IST_ZONE } from '../../lib/format';

/** What the users tab says of a user's sign-ins (issue 27). */
export type SignInState =
  { kind: 'locked'; text: string; failed: string } | { kind: 'failures'; text: string } | { kind: 'clear' };

const failedText = (n: number) => `${n} failed sign-in${n === 1 ? '' : 's'}`;

/**
 * Locked while `locked_until` is ahead of `now` (a lock read a while ago may have ended since: it leaves the
 * row); else the failures of the last 15 minutes, if any.
 */
export function signInState(user: Pick<UserListItem, 'locked_until' | 'failed_logins'>, now: number): SignInState {
  const until = user.locked_until === null ? NaN : Date.parse(user.locked_until);
  if (until > now) {
    return {
      kind: 'locked',
      text: `Locked until ${formatTimeIn(until, IST_ZONE, { seconds: false })}`,
      failed: failedText(user.failed_logins),
    };
  }
  if (until <= now || user.failed_logins === 0) return { kind: 'clear' };
  return { kind: 'failures', text: failedText(user.failed_logins) };
}
