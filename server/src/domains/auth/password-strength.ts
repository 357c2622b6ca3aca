import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { CONSOLE_WORDS, MIN_STRENGTH_SCORE, tooGuessableMessage } from './password-strength.logic.js';

type Core = typeof import('@zxcvbn-ts/core');
type CommonLanguage = typeof import('@zxcvbn-ts/language-common');
type EnglishLanguage = typeof import('@zxcvbn-ts/language-en');

/**
 * The zxcvbn-ts estimator (maintained: core 4.2, dictionaries 4.1, 2026), built at the first check after a
 * start and kept: its dictionaries (49,233 breached passwords, 55,830 common English words, 93,744 names,
 * 29,782 Wikipedia words and keyboard layouts) take about 0.4 s and 30 MB to load and rank; a start, and
 * sign-in, which never checks strength, should not pay for them. Loaded with require, not import, so nothing
 * is read before the first password is set.
 *
 * A check runs on the event loop that also trades, so its work is bounded. With zxcvbn's defaults a
 * 200-character run of digits and symbols took 1 to 2.5 s of CPU; reading only the first MAX_ANALYSED
 * characters and trying at most MAX_L33T_SWAPS look-alike swaps bounds it at about 60 ms (measured on this
 * project's 2-core machine), and a typical password takes a few milliseconds. A password whose first 64
 * characters are strong is strong. Levenshtein matching stays off for the same reason (up to a second a
 * check); near-misses of breached passwords are the breached list's variants (password-guesses.logic.ts).
 */
const MAX_ANALYSED = 64;
const MAX_L33T_SWAPS = 8;

let estimator: ZxcvbnFactory | null = null;

function strengthEstimator(): ZxcvbnFactory {
  if (estimator) return estimator;
  const load = createRequire(import.meta.url);
  const core = load('@zxcvbn-ts/core') as Core;
  const common = load('@zxcvbn-ts/language-common') as CommonLanguage;
  const english = load('@zxcvbn-ts/language-en') as EnglishLanguage;
  estimator = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: MAX_ANALYSED,
    l33tMaxSubstitutions: MAX_L33T_SWAPS,
  });
  return estimator;
}

/**
 * Why zxcvbn finds the password too easy to guess, or null when it scores at least MIN_STRENGTH_SCORE:
 * common passwords, dictionary words and names, also l33t, reversed, repeated, in sequences, keyboard
 * patterns and dates, and anything built on the username or this console's own words.
 */
export function guessabilityProblem(plain: string, personal: readonly string[] = []): string | null {
  const result = strengthEstimator().check(plain, [...personal, ...CONSOLE_WORDS]);
  return result.score >= MIN_STRENGTH_SCORE ? null : tooGuessableMessage(result.feedback);
}
