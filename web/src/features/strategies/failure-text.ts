import { ApiError, messageOf } from '../../api/client';

/**
 * The text to show for a failed call: the server's own text wins (SPEC §7), except the
 * server's generic "Route … not found" for an endpoint it does not serve yet, which says
 * nothing to a user; then the screen's SPEC catalogue string is shown.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 404 && /^Route \S+ \S+ not found$/.test(err.message)) return fallback;
  return messageOf(err, fallback);
}
