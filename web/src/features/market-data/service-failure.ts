import { ApiError, messageOf } from '../../api/client';

/**
 * The text to show when a call to a service endpoint (live sync, scheduling, RDX service,
 * token generation, historical fetch) fails: the server's own message when it explains the
 * failure (validation, conflict, upstream error), else the SPEC catalogue string.
 * These paths address no row, so a 404 means the endpoint itself is not served, and a 500
 * carries only 'Internal server error': neither tells the user more than the catalogue text.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.status === 404 || (err.status >= 500 && err.code === 'INTERNAL'))) {
    return fallback;
  }
  return messageOf(err, fallback);
}
