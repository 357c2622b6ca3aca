import { rdxStrikes, type Mapping } from '@app/contract';
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

/**
 * When the legs held are not what the configuration would sell now (the lot count or a count edited while
 * holding), in words: "Holding 1 lot a leg: Realign resizes to 2". Null when they match or nothing is held.
 */
export function heldSizeNote(
  mapping: Pick<Mapping, 'ce_count' | 'pe_count' | 'lot_size' | 'open_legs'>,
  lotCount: number,
): string | null {
  if (mapping.open_legs.length === 0 || mapping.lot_size <= 0) return null;
  const heldLots: number[] = [];
  const unwanted: string[] = []; // held, though its count is now 0
  const missing: string[] = []; // configured, though none is held
  let isDifferent = false;
  for (const [type, count] of [
    ['CE', mapping.ce_count],
    ['PE', mapping.pe_count],
  ] as const) {
    const held = mapping.open_legs.filter((l) => l.option_type === type).reduce((s, l) => s + l.quantity, 0);
    if (held === 0 && count === 0) continue;
    if (count === 0) unwanted.push(type);
    else if (held === 0) missing.push(type);
    if (held !== count * lotCount * mapping.lot_size) isDifferent = true;
    if (count > 0 && held > 0) heldLots.push(held / (count * mapping.lot_size));
  }
  if (!isDifferent) return null;
  // A side switched off or on while holding says so: a lot size for the other side would hide it.
  if (unwanted.length > 0) return `Holding ${unwanted.join(' and ')}, now set to 0: Realign buys it back`;
  if (missing.length > 0) return `Holding no ${missing.join(' or ')}, though configured: Realign sells it`;
  const [first] = heldLots;
  const same = first !== undefined && heldLots.every((n) => n === first) && Number.isInteger(first);
  return same
    ? `Holding ${first} lot${first === 1 ? '' : 's'} a leg: Realign resizes to ${lotCount}`
    : 'Holding other quantities than configured: Realign resizes';
}
