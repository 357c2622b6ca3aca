import { rdxStrikes } from '@app/contract';
import { formatQuantity } from '../../lib/format';

/** Shown instead of strikes while the ATM is 0: the engine sets it from the price at the first entry. */
export const ATM_NOT_SET = 'set at first entry';

/** Rupees in Indian digit grouping, without a currency sign (strikes, ATM, offset). */
export function rupeesText(value: number): string {
  return formatQuantity(value);
}

/**
 * The ATM and the strikes it implies (CE = ATM + offset, PE = ATM − offset) as shown on screen.
 * Before the first ATM (0) there are no strikes yet: ATM minus an offset would be a negative strike.
 */
export function strikeTexts(atm: number, offset: number): { atm: string; ce: string; pe: string } {
  if (atm <= 0) return { atm: ATM_NOT_SET, ce: ATM_NOT_SET, pe: ATM_NOT_SET };
  const strikes = rdxStrikes(atm, offset);
  // An offset larger than the ATM has no strike on that side (the server refuses to save one).
  const strike = (v: number) => (v > 0 ? rupeesText(v) : 'none');
  return { atm: rupeesText(atm), ce: strike(strikes.ce), pe: strike(strikes.pe) };
}
