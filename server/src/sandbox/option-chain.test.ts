import { describe, expect, it } from 'vitest';
import {
  buildOptionChain,
  contractFromToken,
  expiryInstantMs,
  istDateString,
  optionInstrumentToken,
  optionTradingSymbol,
} from './option-chain.js';
import { expiryOn, listedExpiries } from './option-expiries.js';
import { OPTION_ROOTS } from './sandbox-market.js';

const [NIFTY, BANKNIFTY, SANDBOX] = OPTION_ROOTS as [
  (typeof OPTION_ROOTS)[0],
  (typeof OPTION_ROOTS)[0],
  (typeof OPTION_ROOTS)[0],
];
// Tuesday 2025-12-09 10:00 IST.
const TUESDAY = Date.UTC(2025, 11, 9, 4, 30);
// Monday 2026-11-23 10:30 IST: Tuesday the 24th is an NSE holiday (Guru Nanak Jayanti).
const GURPURB_MONDAY = Date.UTC(2026, 10, 23, 5, 0);
const dates = (root: typeof NIFTY, nowMs: number) => listedExpiries(root, nowMs, root.expiryCount).map((e) => e.date);
const weekly = (date: string) => ({ date, isMonthly: false });
const monthly = (date: string) => ({ date, isMonthly: true });

describe('expiries', () => {
  it('lists NIFTY weeklies from today when today is expiry day, so later ones are never today', () => {
    expect(dates(NIFTY, TUESDAY)).toEqual(['2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30']);
    expect(dates(SANDBOX, TUESDAY)).toEqual(['2025-12-12', '2025-12-19', '2025-12-26', '2026-01-02']);
  });

  it('lists BANKNIFTY monthly only, on the last Tuesday of the near, next and far months', () => {
    expect(listedExpiries(BANKNIFTY, TUESDAY, 3)).toEqual([
      monthly('2025-12-30'),
      monthly('2026-01-27'),
      monthly('2026-02-24'),
    ]);
  });

  it('uses the IST date: 20:00 UTC Monday is already Tuesday in India', () => {
    expect(istDateString(Date.UTC(2025, 11, 8, 20, 0))).toBe('2025-12-09');
    expect(dates(NIFTY, Date.UTC(2025, 11, 8, 20, 0))[0]).toBe('2025-12-09');
  });

  it('moves an expiry on a trading holiday to the previous trading day, keeping it the monthly', () => {
    // 24 Nov 2026 is the last Tuesday of November: NIFTY's and BANKNIFTY's monthly expire on Monday 23rd.
    expect(listedExpiries(NIFTY, GURPURB_MONDAY, 4)).toEqual([
      monthly('2026-11-23'),
      weekly('2026-12-01'),
      weekly('2026-12-08'),
      weekly('2026-12-15'),
    ]);
    expect(dates(BANKNIFTY, GURPURB_MONDAY)).toEqual(['2026-11-23', '2026-12-29', '2027-01-26']);
    // Diwali-Balipratipada, Tuesday 10 Nov 2026: that week's NIFTY weekly expires on Monday the 9th.
    expect(dates(NIFTY, Date.UTC(2026, 10, 9, 5, 0))[0]).toBe('2026-11-09');
    // The moved expiry has passed by Tuesday: the holiday lists the next week's contracts only.
    expect(dates(NIFTY, Date.UTC(2026, 10, 24, 5, 0))[0]).toBe('2026-12-01');
    expect(dates(SANDBOX, Date.UTC(2026, 11, 24, 5, 0))[0]).toBe('2026-12-25'); // no holidays of its own
  });

  it('knows which days are expiries, including moved ones', () => {
    expect(expiryOn(NIFTY, '2026-11-23')).toEqual(monthly('2026-11-23'));
    expect(expiryOn(NIFTY, '2026-11-24')).toBeNull();
    expect(expiryOn(NIFTY, '2026-12-22')).toEqual(weekly('2026-12-22'));
    expect(expiryOn(BANKNIFTY, '2026-12-22')).toBeNull();
    expect(expiryOn(BANKNIFTY, '2026-03-30')).toEqual(monthly('2026-03-30')); // 31 Mar 2026 was a holiday
    expect(expiryOn(NIFTY, '2025-12-10')).toBeNull();
  });

  it('expires NSE contracts at 15:30 IST', () => {
    expect(expiryInstantMs('2025-12-09', 930)).toBe(Date.UTC(2025, 11, 9, 10, 0));
  });
});

describe('trading symbols', () => {
  it('formats weeklies with a month code and monthlies with the month name', () => {
    expect(optionTradingSymbol('NIFTY', weekly('2025-12-09'), 2_450_000, 'CE')).toBe('NIFTY25D0924500CE');
    expect(optionTradingSymbol('NIFTY', monthly('2025-12-30'), 2_450_000, 'PE')).toBe('NIFTY25DEC24500PE');
    expect(optionTradingSymbol('NIFTY', weekly('2026-01-06'), 2_400_000, 'CE')).toBe('NIFTY2610624000CE');
    expect(optionTradingSymbol('NIFTY', weekly('2026-10-06'), 2_400_000, 'CE')).toBe('NIFTY26O0624000CE');
    expect(optionTradingSymbol('BANKNIFTY', monthly('2026-11-23'), 5_200_000, 'PE')).toBe('BANKNIFTY26NOV52000PE');
  });
});

describe('chains', () => {
  it('builds NIFTY around spot with step 50, lot 65, CE and PE, four Tuesdays', () => {
    const chain = buildOptionChain(NIFTY, TUESDAY, 2_401_230);
    const strikes = [...new Set(chain.map((c) => c.strikePaise / 100))].sort((a, b) => a - b);
    expect(strikes).toHaveLength(61);
    expect(strikes[30]).toBe(24_000);
    strikes.slice(1).forEach((s, i) => expect(s - (strikes[i] as number)).toBe(50));
    expect(new Set(chain.map((c) => c.expiry)).size).toBe(4);
    expect(chain.every((c) => c.root.lotSize === 65)).toBe(true);
    expect(chain.filter((c) => c.type === 'CE')).toHaveLength(chain.length / 2);
  });

  it('uses step 100 and lot 30 for BANKNIFTY, and gives every contract a distinct NFO token', () => {
    const chains = [
      ...buildOptionChain(NIFTY, TUESDAY, 2_400_000),
      ...buildOptionChain(BANKNIFTY, TUESDAY, 5_200_000),
      ...buildOptionChain(SANDBOX, TUESDAY, 1_000_000),
    ];
    const bank = chains.filter((c) => c.root.root === 'BANKNIFTY');
    expect((bank[2]?.strikePaise ?? 0) - (bank[0]?.strikePaise ?? 0)).toBe(10_000);
    expect(new Set(bank.map((c) => c.strikePaise % 10_000))).toEqual(new Set([0]));
    expect(bank.every((c) => c.root.lotSize === 30)).toBe(true);
    expect(new Set(chains.map((c) => c.instrumentToken)).size).toBe(chains.length);
    expect(chains.every((c) => c.instrumentToken % 256 === 2 && c.exchangeToken * 256 + 2 === c.instrumentToken)).toBe(
      true,
    );
  });

  it("keeps every token in Kite's range: below 2^31 (KiteTicker reads them signed), nine digits, distinct", () => {
    const contractOf = new Map<number, string>();
    const problems: string[] = [];
    // A year of chains, a week apart: every contract listed meanwhile, weekly and monthly.
    for (let week = 0; week < 53; week++) {
      const at = TUESDAY + week * 7 * 86_400_000;
      const chains = [
        ...buildOptionChain(NIFTY, at, 2_400_000),
        ...buildOptionChain(BANKNIFTY, at, 5_200_000),
        ...buildOptionChain(SANDBOX, at, 1_000_000),
      ];
      for (const c of chains) {
        const name = `${c.tradingsymbol}@${c.expiry}`;
        const token = c.instrumentToken;
        if (token >= 2 ** 31 || token < 100_000_000) problems.push(`${name}: ${token} out of range`);
        if (c.exchangeToken !== token >> 8) problems.push(`${name}: exchange token ${c.exchangeToken}`);
        if ((contractOf.get(token) ?? name) !== name) problems.push(`${name} and ${contractOf.get(token)}: ${token}`);
        contractOf.set(token, name);
      }
    }
    expect(problems).toEqual([]);
    expect(contractOf.size).toBeGreaterThan(1_342);
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

  it('rebuilds a contract whose expiry a holiday moved, with its monthly symbol', () => {
    const token = optionInstrumentToken(NIFTY, '2026-11-23', 2_450_000, 'CE');
    const listed = buildOptionChain(NIFTY, GURPURB_MONDAY, 2_450_000).find((c) => c.instrumentToken === token);
    expect(listed).toMatchObject({ tradingsymbol: 'NIFTY26NOV24500CE', expiryMs: Date.UTC(2026, 10, 23, 10, 0) });
    const rebuilt = contractFromToken(token, OPTION_ROOTS, GURPURB_MONDAY + 7 * 86_400_000, () => 2_450_000);
    expect(rebuilt?.tradingsymbol).toBe('NIFTY26NOV24500CE');
    // A token naming the holiday itself is no contract.
    const holiday = optionInstrumentToken(NIFTY, '2026-11-24', 2_450_000, 'CE');
    expect(contractFromToken(holiday, OPTION_ROOTS, GURPURB_MONDAY, () => 2_450_000)).toBeNull();
  });
});
