/** Digits and symbols stuck before or after a word ("2026!", "@123"), as guessing tools add them. */
const TRAILING = /[\d\W_]+$/;
const LEADING = /^[\d\W_]+/;

/** Letters written as digits or symbols ("p@ssw0rd"); `1` stands for i or l, so both are tried. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const deleet = (text: string, one: 'i' | 'l') => text.replace(/[013457@$]/g, (c) => (c === '1' ? one : LEET[c]!));

/** A derived form shorter than this says nothing: "ab" is on every list, and "ab-Kq9#xZ" is not weak. */
const MIN_DERIVED_LENGTH = 4;

/**
 * The forms in which a password is looked up on the breached list: as typed, with its case folded, with
 * digits and symbols before or after stripped, and with leetspeak undone. Guessing tools try each of these
 * first, so "Passw0rd!", "Admin12345" and "Mumbai@2026" are as weak as "password", "admin" and "mumbai".
 */
export function guessableForms(plain: string): string[] {
  const folded = plain.toLowerCase();
  const trimmed = [
    folded,
    folded.replace(TRAILING, ''),
    folded.replace(LEADING, ''),
    folded.replace(LEADING, '').replace(TRAILING, ''),
  ];
  // Only a form with a letter is a word in disguise: "12345678" read as letters is nothing.
  const derived = trimmed.flatMap((form) =>
    /[a-z]/.test(form) ? [form, deleet(form, 'i'), deleet(form, 'l')] : [form],
  );
  const forms = new Set([folded]);
  for (const form of derived) if (form.length >= MIN_DERIVED_LENGTH) forms.add(form);
  return [...forms];
}
