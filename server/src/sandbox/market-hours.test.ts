import { describe, expect, it } from 'vitest';
import { MARKET_CLOSED_MESSAGE, marketClosedReason } from './market-hours.js';
import { OPTION_ROOTS } from './sandbox-market.js';

const rootOf = (name: string) => {
  const root = OPTION_ROOTS.find((r) => r.root === name);
  if (!root) throw new Error(`no ${name} root`);
  return root;
};
/** An instant in IST on a date, `HH:MM:SS`. */
const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);

describe('the market hours Kite takes NFO orders in', () => {
  const nifty = rootOf('NIFTY');

  it('are 09:15 to 15:30 IST on a trading day', () => {
    const monday = '2026-11-23';
    expect(marketClosedReason(nifty, ist(monday, '09:14:59'))).toBe(MARKET_CLOSED_MESSAGE);
    expect(marketClosedReason(nifty, ist(monday, '09:15:00'))).toBeNull();
    expect(marketClosedReason(nifty, ist(monday, '15:29:59'))).toBeNull();
    expect(marketClosedReason(nifty, ist(monday, '15:30:00'))).toBe(MARKET_CLOSED_MESSAGE);
    expect(marketClosedReason(rootOf('BANKNIFTY'), ist(monday, '20:00:00'))).toBe(MARKET_CLOSED_MESSAGE);
  });

  it('are none on a weekend or an NSE holiday', () => {
    expect(marketClosedReason(nifty, ist('2026-11-28', '11:00:00'))).toBe(MARKET_CLOSED_MESSAGE); // Saturday
    expect(marketClosedReason(nifty, ist('2026-11-24', '11:00:00'))).toBe(MARKET_CLOSED_MESSAGE); // Guru Nanak Jayanti
  });

  it("do not bind the sandbox's own 24x7 root", () => {
    expect(marketClosedReason(rootOf('SANDBOX'), ist('2026-11-28', '23:59:00'))).toBeNull();
  });
});
