import { MSG, PASSWORD_MIN_LENGTH } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { guessableForms } from './password-guesses.logic.js';
import { isCommonPassword, passwordProblem } from './password-policy.service.js';

describe('passwordProblem', () => {
  it('refuses the passwords every guessing list starts with, whatever their case', () => {
    for (const plain of ['password123', 'qwerty123', '12345678', 'iloveyou1', 'Password1', 'P@SSW0RD', 'letmein1']) {
      expect(passwordProblem(plain), plain).toBe(MSG.passwordTooCommon);
    }
  });

  it('refuses the ones the issue found passing, and their kin: Passw0rd!, adminadmin, Admin12345 and more', () => {
    for (const plain of ['Passw0rd!', 'adminadmin', 'Admin12345', 'P@ssword123', 'qwerty123456']) {
      expect(passwordProblem(plain), plain).toBe(MSG.passwordTooCommon);
    }
  });

  it('refuses, saying why, a guessable password that is on no breached list', () => {
    expect(isCommonPassword('9876543210abc')).toBe(false);
    expect(passwordProblem('9876543210abc')).toBe(
      'This password is too easy to guess: it has a run like "abc" or "1234". ' +
        'Add a word or two that are not common; leave out runs like "abc" or "1234".',
    );
    expect(passwordProblem('kT9#vL2!')).toMatch(/^This password is too easy to guess: /);
  });

  it("refuses a password built on the account's own username", () => {
    expect(passwordProblem('kvsubramanian-2026')).toBeNull();
    expect(passwordProblem('kvsubramanian-2026', ['kvsubramanian'])).toMatch(/it contains the username/);
  });

  it('refuses a breached word dressed up with capitals, leetspeak or digits and symbols around it', () => {
    for (const plain of ['Mumbai@2026', 'Tr0mb0ni', '2026#Sunshine', 'D3lhi!!!', 'F00tb@ll99']) {
      expect(passwordProblem(plain), plain).toBe(MSG.passwordTooCommon);
    }
  });

  it('refuses a password shorter than the minimum before looking it up', () => {
    expect(passwordProblem('x7#kQ2')).toBe(MSG.passwordTooShort);
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(MSG.passwordTooShort);
    expect(MSG.passwordTooShort).toContain(String(PASSWORD_MIN_LENGTH));
  });

  it('accepts a long enough password that is not on the list, nor a variant of an entry, nor guessable', () => {
    for (const plain of [
      'tangerine-ladder-42',
      'e2e-admin-password',
      'copper Kettle under 9 moons',
      'factory-Pa55word',
      'ab-Kq9#xZ',
    ]) {
      expect(passwordProblem(plain), plain).toBeNull();
    }
  });

  it('uses the packaged list of a million breached passwords, not a handful of examples', () => {
    // Entries ranked 256,371st, 867,805th and 973,878th of the million (the last in mixed case).
    const deep = ['tromboni', 'xxhubris', 'vZ9PwFUus'];
    expect(deep.filter(isCommonPassword)).toEqual(deep);
  });

  it('never takes a password with a line break for two entries of the list', () => {
    expect(isCommonPassword('password\nqwerty123')).toBe(false);
  });
});

describe('guessableForms', () => {
  it('folds case, strips digits and symbols around the word and undoes leetspeak', () => {
    expect(guessableForms('Passw0rd!')).toEqual(expect.arrayContaining(['passw0rd!', 'passw0rd', 'password']));
    expect(guessableForms('Admin12345')).toEqual(expect.arrayContaining(['admin12345', 'admin']));
    expect(guessableForms('@123Welcome')).toContain('welcome');
    expect(guessableForms('W1ll1am')).toEqual(expect.arrayContaining(['william', 'wllllam']));
  });

  it('keeps no derived form shorter than four characters, and reads digits alone as digits', () => {
    expect(guessableForms('ab-Kq9#xZ')).not.toContain('ab');
    expect(guessableForms('12345678')).toEqual(['12345678']);
  });
});
