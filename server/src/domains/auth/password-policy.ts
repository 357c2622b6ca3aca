import { MSG, PASSWORD_MIN_LENGTH } from '@app/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password rules of issue 14 (ASVS 2.1.1 and 2.1.7): at least PASSWORD_MIN_LENGTH characters and not
 * one of the most common passwords. The list is zxcvbn-ts's maintained "passwords-common" dictionary
 * (about 49,000 entries from breach corpora, all lower case), shipped inside the package so the check
 * works offline. Compared case-insensitively: "Password1" is as guessable as "password1".
 */
let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

export function isCommonPassword(plain: string): boolean {
  return commonPasswords().has(plain.toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(plain: string): string | null {
  if (plain.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  if (isCommonPassword(plain)) return MSG.passwordTooCommon;
  return null;
}
