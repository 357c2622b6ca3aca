/**
 * Money one way (issue 29): integer paise inside, rupees with two decimals only at the edge (API replies,
 * websocket frames, screens). Every conversion between the two goes through this module, so float error
 * is handled once: `x * 100` of a two-decimal rupee value is not always a whole number in binary floating
 * point (1.005 * 100 is 100.49999999999999), and rounding it bare can be a paisa off.
 */

/** Decimals kept before rounding: far below a paisa, far above the float error of any rupee amount we hold. */
const SCALE_DIGITS = 6;

/**
 * Rupees to integer paise. Exact for every value with at most two decimals (the error of `rupees * 100` is
 * removed at six decimals before rounding, so ₹80.475 as the float 8047.4999… paise still becomes 8048).
 * A value finer than a paisa is rounded to the nearest paisa, halves upward as Math.round does (use
 * `exactPaise` to refuse it instead). Throws a RangeError for NaN and ±Infinity.
 */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  // `|| 0`: a negative amount under half a paisa is zero paise, not -0.
  return Math.round(Number((rupees * 100).toFixed(SCALE_DIGITS))) || 0;
}

/**
 * Rupees to integer paise when the amount is whole paise (as Kite sends an NFO premium or a trade price),
 * null when it is finer than a paisa or not a finite number.
 */
export function exactPaise(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = toPaise(rupees);
  // The same double as the two-decimal value (any size), or within a millionth of a paisa of it (a sum's float error).
  return toRupees(paise) === rupees || Math.abs(rupees * 100 - paise) < 1e-6 ? paise : null;
}

/**
 * Integer paise to rupees as a number for the wire (12345 → 123.45: the double nearest the two-decimal
 * value, which is what JSON writes back as "123.45").
 */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** A rupee value held to whole paise (the strike ATM + offset, a sum of rupee figures): 1.1 + 2.2 → 3.3. */
export function roundRupees(rupees: number): number {
  return toRupees(toPaise(rupees));
}

/**
 * Integer paise as rupees with exactly two decimals, by moving the decimal point in the digits (never
 * paise / 100 in floating point): 12345 → "123.45", -5 → "-0.05". A bigint serves sums beyond 2^53.
 */
export function rupeesText(paise: number | bigint): string {
  if (typeof paise === 'number' && !Number.isSafeInteger(paise)) throw new RangeError(`Not whole paise: ${paise}`);
  const text = String(paise);
  const sign = text.startsWith('-') ? '-' : '';
  const digits = text.slice(sign.length).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Integer paise as rupees with two decimals and Indian digit grouping, exact (no float division):
 * 123456789 → "12,34,567.89", -5 → "-0.05".
 */
export function groupedRupeesText(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not whole paise: ${paise}`);
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toLocaleString('en-IN');
  const sign = paise < 0 ? '-' : '';
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
