/**
 * Exact conversions between decimal strings (as Binance sends prices) and scaled integers (how we
 * store money), so no float rounding creeps in. Values must stay within Number.MAX_SAFE_INTEGER.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * `decimalToScaledInt("43519.34000000", 2)` → 4351934. Digits beyond `scale` must be zeros,
 * otherwise the value is not representable and a RangeError is thrown.
 */
export function decimalToScaledInt(text: string, scale: number): number {
  const m = DECIMAL.exec(text);
  if (!m) throw new SyntaxError(`"${text}" is not a decimal number`);
  const [, sign, whole = '0', fraction = ''] = m;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  if (/[1-9]/.test(fraction.slice(scale))) throw new RangeError(`"${text}" has more than ${scale} decimals`);
  const value = Number(whole + kept);
  if (!Number.isSafeInteger(value)) throw new RangeError(`"${text}" is too large to scale exactly`);
  return sign && value !== 0 ? -value : value;
}

/** `scaledIntToDecimal(4351934, 2, 8)` → `"43519.34000000"`: the integer has `scale` implied decimals. */
export function scaledIntToDecimal(value: number, scale: number, decimals = scale): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a safe integer`);
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const shown = decimals >= scale ? fraction.padEnd(decimals, '0') : fraction.slice(0, decimals);
  const sign = value < 0 ? '-' : '';
  return decimals > 0 ? `${sign}${whole}.${shown}` : `${sign}${whole}`;
}
