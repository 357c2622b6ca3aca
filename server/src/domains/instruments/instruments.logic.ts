import { KITE_SEGMENT } from '../../protocols/kite-ticker.js';

/**
 * Kite numbers every instrument `exchange_token × 256 + segment` (kiteconnect's ticker reads the segment from
 * the low byte the same way). An index (INDICES) or an F&O contract (NFO) is only real if the exchange's
 * instruments list names it: the RDX strategy streams the index and trades its options. Binance symbols and
 * other numbers are not checked here.
 */
export function mustBeListed(instrumentToken: string): boolean {
  if (!/^\d+$/.test(instrumentToken)) return false;
  const segment = Number(instrumentToken) % 256;
  return segment === KITE_SEGMENT.indices || segment === KITE_SEGMENT.nfo;
}

export const unlistedTokenMessage = (token: string) =>
  `Instrument Token ${token} is not an index or F&O instrument the exchange lists today: copy the token from the exchange's instruments list`;

export const tokenTakenMessage = (token: string, name: string) =>
  `Instrument Token ${token} is already used by the instrument ${name}`;

export const nameTakenMessage = (name: string) => `An instrument named ${name} already exists: choose another name`;
