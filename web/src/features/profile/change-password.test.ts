import { describe, expect, it } from 'vitest';
import { EMPTY_CHANGE_PASSWORD, parseChangePassword, PASSWORDS_DIFFER } from './change-password';

describe('parseChangePassword', () => {
  it('builds the body when the confirmation matches', () => {
    expect(parseChangePassword({ current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-1' })).toEqual({
      ok: true,
      body: { current_password: 'old-secret', new_password: 'new-secret-1' },
    });
  });

  it('names the on-screen field that is missing or too short', () => {
    expect(parseChangePassword(EMPTY_CHANGE_PASSWORD)).toEqual({ ok: false, error: 'Current Password is required' });
    expect(parseChangePassword({ current: 'old-secret', next: 'short', confirm: 'short' })).toEqual({
      ok: false,
      error: 'New Password must be at least 8 characters',
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(parseChangePassword({ current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-2' })).toEqual({
      ok: false,
      error: PASSWORDS_DIFFER,
    });
  });
});
