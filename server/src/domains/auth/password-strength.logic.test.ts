import { describe, expect, it } from 'vitest';
import { tooGuessableMessage } from './password-strength.logic.js';

describe('tooGuessableMessage', () => {
  it("says why in a trader's words, then what to do instead", () => {
    expect(tooGuessableMessage({ warning: 'extendedRepeat', suggestions: ['anotherWord', 'repeated'] })).toBe(
      'This password is too easy to guess: it repeats a word or a pattern, like "abcabc". ' +
        'Add a word or two that are not common; leave out repeated words and characters.',
    );
  });

  it('gives each piece of advice once, and at most two', () => {
    const message = tooGuessableMessage({
      warning: 'similarToCommon',
      suggestions: ['anotherWord', 'anotherWord', 'capitalization', 'l33t'],
    });
    expect(message).toBe(
      'This password is too easy to guess: it is a much-used password with small changes. ' +
        'Add a word or two that are not common; a capital first letter does not help.',
    );
  });

  it('still says why and what to do when zxcvbn names no pattern and no advice', () => {
    expect(tooGuessableMessage({ warning: null, suggestions: [] })).toBe(
      'This password is too easy to guess: a password-guessing program would find it quickly. ' +
        'Make it longer, for example with a few uncommon words.',
    );
  });

  it('never shows a key the words do not know, nor the advice about reuse elsewhere', () => {
    const message = tooGuessableMessage({ warning: 'someNewMatcher', suggestions: ['pwned', 'somethingNew'] });
    expect(message).not.toMatch(/someNewMatcher|somethingNew|pwned|undefined|null/);
    expect(message).toContain('a password-guessing program would find it quickly');
  });
});
