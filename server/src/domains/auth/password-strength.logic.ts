import type { FeedbackType, TranslationKeys } from '@zxcvbn-ts/core';

type Reason = keyof TranslationKeys['warnings'];
type Advice = keyof TranslationKeys['suggestions'];

/**
 * zxcvbn's score runs 0 to 4. A 3 means about 10^8 to 10^10 guesses, which zxcvbn's authors call safe against
 * an attacker who has the stored hashes and a slow hash (we use bcrypt); below it a guessing program on one
 * graphics card finds the password within days. An account here can start live trades, so nothing weaker.
 */
export const MIN_STRENGTH_SCORE = 3;

/**
 * Words a guesser would try first against this console, checked like the username: a password built on
 * them is refused even where the breached list and zxcvbn's dictionaries do not know them.
 */
export const CONSOLE_WORDS = ['rdx', 'console', 'trading', 'trader', 'nifty', 'banknifty', 'sensex', 'zerodha', 'kite'];

/** Why zxcvbn finds the password guessable, in a trader's words (its own English names the matcher). */
const REASONS: Record<Reason, string> = {
  straightRow: 'it has a straight row of keys, like "qwerty"',
  keyPattern: 'it follows a short pattern on the keyboard',
  simpleRepeat: 'it repeats a character, like "aaa"',
  extendedRepeat: 'it repeats a word or a pattern, like "abcabc"',
  sequences: 'it has a run like "abc" or "1234"',
  recentYears: 'it has a recent year in it',
  dates: 'it has a date in it',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a much-used password',
  similarToCommon: 'it is a much-used password with small changes',
  wordByItself: 'it is a single word',
  namesByThemselves: 'it is a single name',
  commonNames: 'it is made of common names',
  userInputs: 'it contains the username or a word tied to this console, like "nifty" or "kite"',
  pwned: 'it was exposed in a data breach',
};

/** What to do instead. `pwned` is about reuse elsewhere and says nothing about the password chosen here. */
const ADVICE: Record<Advice, string | null> = {
  l33t: 'swapping letters for look-alike digits or symbols ("@" for "a") does not help',
  reverseWords: 'a word spelt backwards does not help',
  allUppercase: 'capitals throughout do not help',
  capitalization: 'a capital first letter does not help',
  dates: 'leave out dates and years that belong to you',
  recentYears: 'leave out recent years',
  associatedYears: 'leave out years that belong to you',
  sequences: 'leave out runs like "abc" or "1234"',
  repeated: 'leave out repeated words and characters',
  longerKeyboardPattern: 'a keyboard pattern has to be much longer to help',
  anotherWord: 'add a word or two that are not common',
  useWords: 'use several words that do not make a common phrase',
  noNeed: 'several uncommon words are enough, without symbols, digits or capitals',
  pwned: null,
};

/** When zxcvbn names no pattern: the password is simply short for the characters it is made of. */
const GENERIC_REASON = 'a password-guessing program would find it quickly';
const GENERIC_ADVICE = 'make it longer, for example with a few uncommon words';

/** At most this much advice: the first items are zxcvbn's most useful, and a long message is not read. */
const MAX_ADVICE = 2;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The refusal a trader reads for a password zxcvbn scores below MIN_STRENGTH_SCORE. */
export function tooGuessableMessage(feedback: FeedbackType): string {
  const reason = (feedback.warning && REASONS[feedback.warning as Reason]) || GENERIC_REASON;
  // zxcvbn names a suggestion once for each weak part ("anotherWord" twice for two common words).
  const advice = [...new Set(feedback.suggestions)]
    .map((key) => ADVICE[key as Advice])
    .filter((text): text is string => typeof text === 'string')
    .slice(0, MAX_ADVICE);
  return `This password is too easy to guess: ${reason}. ${capitalised((advice.length ? advice : [GENERIC_ADVICE]).join('; '))}.`;
}
