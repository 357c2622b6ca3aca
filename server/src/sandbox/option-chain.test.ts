import { describe, expect, it } from 'vitest';
import {
  buildOptionChain,
  contractFromToken,
  expiryInstantMs,
  isMonthlyExpiry,
  istDateString,
  optionInstrumentToken,
  optionTradingSymbol,
  weeklyExpiryDates,
} from './option-chain.js';
import { OPTION_ROOTS } from './sandbox-market.js';

const [NIFTY, BANKNIFTY, SANDBOX] = OPTION_ROOTS as [
  (typeof OPTION_ROOTS)[0],
  (typeof OPTION_ROOTS)[0],
  (typeof OPTION_ROOTS)[0],
];
// Tuesday 2025-12-09 10:00 IST.
const TUESDAY = Date.UTC(2025, 11, 9, 4, 30);

describe('expiries', () => {
  it('lists weekly expiries from today when today is expiry day, so later ones are never today', () => {
    const dates = weeklyExpiryDates(TUESDAY, 2, 4);
    expect(dates).toEqual(['2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30']);
    expect(dates.filter((d) => d !== istDateString(TUESDAY)).length).toBeGreaterThanOrEqual(1);
    expect(weeklyExpiryDates(TUESDAY, 3, 2)).toEqual(['2025-12-10', '2025-12-17']);
  });

  it('uses the IST date: 20:00 UTC Monday is already Tuesday in India', () => {
    expect(istDateString(Date.UTC(2025, 11, 8, 20, 0))).toBe('2025-12-09');
    expect(weeklyExpiryDates(Date.UTC(2025, 11, 8, 20, 0), 2, 1)).toEqual(['2025-12-09']);
  });

  it('knows the last Tuesday of a month is the monthly expiry and expires at 15:30 IST', () => {
    expect(isMonthlyExpiry('2025-12-30')).toBe(true);
    expect(isMonthlyExpiry('2025-12-23')).toBe(false);
    expect(expiryInstantMs('2025-12-09', 930)).toBe(Date.UTC(2025, 11, 9, 10, 0));
  });
});

describe('trading symbols', () => {
  it('formats weeklies with a month code and monthlies with the month name', () => {
    expect(optionTradingSymbol('NIFTY', '2025-12-09', 2_450_000, 'CE')).toBe('NIFTY25D0924500CE');
    expect(optionTradingSymbol('NIFTY', '2025-12-30', 2_450_000, 'PE')).toBe('NIFTY25DEC24500PE');
    expect(optionTradingSymbol('NIFTY', '2026-01-06', 2_400_000, 'CE')).toBe('NIFTY2610624000CE');
    expect(optionTradingSymbol('BANKNIFTY', '2025-10-08', 5_200_000, 'CE')).toBe('BANKNIFTY25O0852000CE');
    expect(optionTradingSymbol('BANKNIFTY', '2025-11-12', 5_200_000, 'PE')).toBe('BANKNIFTY25N1252000PE');
  });
});

describe('chains', () => {
  it('builds NIFTY around spot with step 50, lot 75, CE and PE, four Tuesdays', () => {
    const chain = buildOptionChain(NIFTY, TUESDAY, 2_401_230);
    const strikes = [...new Set(chain.map((c) => c.strikePaise / 100))].sort((a, b) => a - b);
    expect(strikes).toHaveLength(61);
    expect(strikes[30]).toBe(24_000);
    strikes.slice(1).forEach((s, i) => expect(s - (strikes[i] as number)).toBe(50));
    expect(new Set(chain.map((c) => c.expiry)).size).toBe(4);
    expect(chain.every((c) => c.root.lotSize === 75)).toBe(true);
    expect(chain.filter((c) => c.type === 'CE')).toHaveLength(chain.length / 2);
  });

  it('uses step 100 and lot 35 for BANKNIFTY, and gives every contract a distinct NFO token', () => {
    const chains = [
      ...buildOptionChain(NIFTY, TUESDAY, 2_400_000),
      ...buildOptionChain(BANKNIFTY, TUESDAY, 5_200_000),
      ...buildOptionChain(SANDBOX, TUESDAY, 1_000_000),
    ];
    const bank = chains.filter((c) => c.root.root === 'BANKNIFTY');
    expect((bank[2]?.strikePaise ?? 0) - (bank[0]?.strikePaise ?? 0)).toBe(10_000);
    expect(new Set(bank.map((c) => c.strikePaise % 10_000))).toEqual(new Set([0]));
    expect(bank.every((c) => c.root.lotSize === 35)).toBe(true);
    expect(new Set(chains.map((c) => c.instrumentToken)).size).toBe(chains.length);
    expect(chains.every((c) => c.instrumentToken % 256 === 2 && c.exchangeToken * 256 + 2 === c.instrumentToken)).toBe(
      true,
    );
  });

  it('keeps tokens stable across days and rebuilds expired contracts from their token', () => {
    const token = optionInstrumentToken(NIFTY, '2025-12-09', 2_450_000, 'PE');
    const [contract] = buildOptionChain(NIFTY, TUESDAY, 2_450_000).filter((c) => c.instrumentToken === token);
    expect(contract?.tradingsymbol).toBe('NIFTY25D0924500PE');
    const weekLater = TUESDAY + 7 * 86_400_000;
    const rebuilt = contractFromToken(token, OPTION_ROOTS, weekLater, () => 2_390_000);
    expect(rebuilt).toMatchObject({ tradingsymbol: 'NIFTY25D0924500PE', expiry: '2025-12-09', type: 'PE' });
    expect(contractFromToken(256265, OPTION_ROOTS, weekLater, () => 2_390_000)).toBeNull();
  });
});
