import { MSG, PASSWORD_MIN_LENGTH } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './password-policy.js';

describe('passwordProblem', () => {
  it('refuses the passwords every guessing list starts with, whatever their case', () => {
    for (const plain of ['password123', 'qwerty123', '12345678', 'iloveyou1', 'Password1', 'P@SSW0RD', 'letmein1']) {
      expect(passwordProblem(plain), plain).toBe(MSG.passwordTooCommon);
    }
  });

  it('refuses a password shorter than the minimum before looking it up', () => {
    expect(passwordProblem('x7#kQ2')).toBe(MSG.passwordTooShort);
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(MSG.passwordTooShort);
    expect(MSG.passwordTooShort).toContain(String(PASSWORD_MIN_LENGTH));
  });

  it('accepts a long enough password that is not on the list', () => {
    expect(passwordProblem('tangerine-ladder-42')).toBeNull();
    expect(passwordProblem('e2e-admin-password')).toBeNull();
    expect(passwordProblem('kT9#vL2!')).toBeNull();
  });

  it('uses the packaged list (tens of thousands of entries), not a handful of examples', () => {
    // Entries ranked about 20,000th, 30,000th, 40,000th and 45,000th: far past any hand-made sample.
    const deep = ['alistair', 'shalimar', '123456789zz', 'fgjkbyfhbz'];
    expect(deep.filter(isCommonPassword)).toEqual(deep);
  });
});
