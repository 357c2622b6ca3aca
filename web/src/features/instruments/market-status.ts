import type { Instrument } from '@app/contract';
import { formatDateTimeIn, IST_ZONE, zoneLabel } from '../../lib/format';

/**
 * An instrument's session on its own clock, zone named: "09:15–15:30 IST". Other zones keep their
 * IANA name, since the hours follow the local clock through daylight saving (GMT in winter, BST in summer).
 */
export function marketHoursLabel(i: Pick<Instrument, 'market_open_time' | 'market_close_time' | 'timezone'>): string {
  const zone = i.timezone === IST_ZONE ? zoneLabel(IST_ZONE) : i.timezone;
  return `${i.market_open_time}–${i.market_close_time} ${zone}`;
}

/**
 * When the market next changes, on the instrument's clock: "closes 23 Nov 2026, 15:30 IST" while
 * open, "opens 24 Nov 2026, 09:15 IST" while closed; empty for a market that never trades.
 */
export function nextChangeLabel(i: Pick<Instrument, 'market_status' | 'timezone'>): string {
  const { isOpen, nextChange } = i.market_status;
  if (!nextChange) return '';
  return `${isOpen ? 'closes' : 'opens'} ${formatDateTimeIn(nextChange, i.timezone, { seconds: false })}`;
}
