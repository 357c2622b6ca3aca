import { describe, expect, it } from 'vitest';
import { guessabilityProblem } from './password-strength.js';

/** zxcvbn-ts alone (the maintained package), without the breached list that password-policy.service.ts checks first. */
describe('guessabilityProblem', () => {
  it.each([
    ['Passw0rd!', 'it is a much-used password with small changes'],
    ['adminadmin', 'it repeats a word or a pattern, like "abcabc"'],
    ['Admin12345', 'it is a much-used password with small changes'],
    ['P@ssword123', 'it is a much-used password with small changes'],
    ['qwerty123456', 'it is a much-used password'],
  ])('refuses %s, the kind the issue found passing, saying why', (plain, reason) => {
    const message = guessabilityProblem(plain);
    expect(message).toBe(`This password is too easy to guess: ${reason}. ${adviceOf(message)}`);
    expect(adviceOf(message)).toMatch(/^Add a word or two that are not common/);
  });

  it('refuses runs, keyboard rows and short random strings that no list holds', () => {
    expect(guessabilityProblem('9876543210abc')).toContain('it has a run like "abc" or "1234"');
    expect(guessabilityProblem('zxcvbnm,./')).toContain('it has a straight row of keys');
    expect(guessabilityProblem('kT9#vL2!')).toContain('a password-guessing program would find it quickly');
  });

  it("refuses a password built on the account's username, or on the console's own words", () => {
    expect(guessabilityProblem('kvsubramanian-2026')).toBeNull();
    expect(guessabilityProblem('kvsubramanian-2026', ['kvsubramanian'])).toContain('it contains the username');
    expect(guessabilityProblem('Banknifty@2026')).toContain('it contains the username or a word tied to this console');
  });

  it('accepts a passphrase of uncommon words, and the long random passwords the console prints', () => {
    for (const plain of ['copper Kettle under 9 moons', 'tangerine-ladder-42', 'nairobi-sunday', 'Xq3_vR9tLm0pZ8aB']) {
      expect(guessabilityProblem(plain), plain).toBeNull();
    }
  });

  it('judges a long password by its first 64 characters, which bounds the work of a check', () => {
    expect(guessabilityProblem(`copper Kettle under 9 moons ${'1'.repeat(170)}`)).toBeNull();
    expect(guessabilityProblem(`${'1'.repeat(64)}copper Kettle under 9 moons`)).toContain('too easy to guess');
  });
});

const adviceOf = (message: string | null) => message?.split('. ').slice(1).join('. ') ?? '';
