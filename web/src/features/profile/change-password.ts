import { ChangePasswordSchema, type ChangePassword } from '@app/contract';

/** The Change Password form as typed. */
export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}

export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = { current: '', next: '', confirm: '' };

/** Shown when the two new-password fields differ (checked here; the server never sees the confirmation). */
export const PASSWORDS_DIFFER = 'New Password and Confirm New Password do not match';

/**
 * Checks the form the way the server will (the contract's schema, messages naming the on-screen
 * fields) plus the confirmation, and builds the request body.
 */
export function parseChangePassword(
  v: ChangePasswordValues,
): { ok: true; body: ChangePassword } | { ok: false; error: string } {
  const parsed = ChangePasswordSchema.safeParse({ current_password: v.current, new_password: v.next });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid password' };
  if (v.next !== v.confirm) return { ok: false, error: PASSWORDS_DIFFER };
  return { ok: true, body: parsed.data };
}
