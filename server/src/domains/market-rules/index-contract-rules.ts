/**
 * NSE's dated rules for index option contracts, 1 Jan 2024 onwards: each root's market lot revisions and its
 * expiry schedules, each with the first expiry (or trade date) it applies to and its source. The one place
 * these facts live; market-rules.logic.ts answers questions from them (docs/architecture/market-rules.md).
 *
 * How sure each source is: "NSE/FAOP/NNNNN" numbers were read from secondary references (broker bulletins,
 * press reports and other projects' source lists quoting the circular), not from the circular PDFs, which
 * could not be fetched here; the dates and figures agree across at least two of those. Where no number was
 * found the circular is named by its date alone. Nothing here is inferred from a weekday pattern only.
 *
 * To add a revision: append it to the root's list (oldest first) with its first expiry, any listed contracts
 * NSE converts or leaves alone, and the circular; never edit one that has been used. Tests check the order.
 */
import type { ExpirySchedule, IndexRoot, LotRevision } from './market-rules.types.js';

/** The first day these tables answer for: a backtest before it needs older revisions added first. */
export const RULES_COVER_FROM = '2024-01-01';

const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;

// ── Sources ──────────────────────────────────────────────────────────────────────────────────────────────

const LOTS_JAN_2024 =
  'Lots in force on 1 Jan 2024: the "present market lot" column of NSE/FAOP/61415 (2 Apr 2024), as Zerodha ' +
  'bulletin 375282 (2 Apr 2024) reproduces it; BANKNIFTY 15 since the July 2023 expiries (NSE circular of ' +
  '31 Mar 2023, Livemint 1 Apr 2023). Confidence: high.';
const LOTS_APR_2024 =
  'NSE/FAOP/61415 (2 Apr 2024), "Revision in Market Lot of Derivative Contracts on Indices", effective 26 Apr ' +
  '2024: NIFTY 50 → 25 for every contract expiring after 25 Apr 2024 (first weekly 2 May, monthly 30 May); ' +
  'FINNIFTY 40 → 25 and MIDCPNIFTY 75 → 50 from the July 2024 monthly (30 and 29 Jul; weeklies from 6 and 5 ' +
  'Aug); BANKNIFTY unchanged. Zerodha bulletin 375282, Business Standard 3 Apr 2024. Confidence: high ' +
  '(number: medium).';
const LOTS_NOV_2024 =
  'NSE/FAOP/64625 (18 Oct 2024), "Contract size revision for index derivatives", under SEBI circular ' +
  'SEBI/HO/MRD/TPD-1/P/CIR/2024/132 (1 Oct 2024: at least ₹15 lakh a contract): new contracts from 20 Nov ' +
  '2024 carry NIFTY 75, BANKNIFTY 30, FINNIFTY 65, MIDCPNIFTY 120; listed weeklies and monthlies keep the old ' +
  'lot to expiry; listed quarterlies and half-yearlies convert at the close of 24 Dec 2024 (BANKNIFTY) and ' +
  '26 Dec 2024 (NIFTY). Last and first expiries per root: the exchange table as Sharekhan (26 Nov 2024) and ' +
  'Flattrade reproduce it; Business Standard 19 Oct 2024, Kotak Securities. Confidence: high (number: ' +
  'medium; one secondary source names NSE/FAOP/64716 of 25 Oct 2024 instead).';
const LOTS_APR_2025 =
  'NSE circular of 28 Mar 2025 (number not found), "Revision in market lot of derivative contracts on ' +
  'indices", effective 25 Apr 2025: BANKNIFTY 30 → 35 and MIDCPNIFTY 120 → 140 from the July 2025 monthly ' +
  '(31 Jul 2025); the April, May and June 2025 monthlies keep the old lot; BANKNIFTY quarterlies traded from ' +
  '25 Apr 2025 carry 35; NIFTY 75 and FINNIFTY 65 unchanged. Business Standard 31 Mar 2025, Fyers notice. ' +
  'Confidence: high (figures and dates); no circular number.';
const LOTS_JAN_2026 =
  'NSE/FAOP/70616 (3 Oct 2025, Circular Ref. 176/2025), "Revision in Market Lot of Derivative Contracts on ' +
  'Indices", effective at the close of 28 Oct 2025: NIFTY 75 → 65, BANKNIFTY 35 → 30, FINNIFTY 65 → 60, ' +
  'MIDCPNIFTY 140 → 120 from the January 2026 expiries (weekly 6 Jan, monthly 27 Jan 2026); weeklies and ' +
  'monthlies up to 30 Dec 2025 keep the old lot; NIFTY and BANKNIFTY quarterlies and half-yearlies (March 2026 ' +
  'onwards) convert at the close of 30 Dec 2025. Upstox and share.market notices, Financial Express. No later ' +
  'index revision was found (up to Aug 2026). Confidence: high.';

const NIFTY_THURSDAY =
  'NIFTY weekly on Thursday, monthly on the last Thursday (NSE contract specifications). NSE/FAOP/65336 ' +
  '(29 Nov 2024) left NIFTY unchanged; the Monday expiry of NSE/FAOP/66938 (4 Mar 2025) was deferred by ' +
  'NSE/FAOP/67338 (27 Mar 2025) and never applied. Confidence: high.';
const NSE_TUESDAY =
  'Tuesday for every contract due on or after 1 Sep 2025: NSE/FAOP/68589 (17 Jun 2025, Circular 103/2025) ' +
  "after SEBI agreed to NSE's day (SEBI circular of 26 May 2025); NSE/FAOP/68685 (23 Jun 2025) re-dated every " +
  'listed contract at the close of 28 Aug 2025 (e.g. NIFTY 4 Sep → 9 Sep, 2 Oct → 7 Oct; Business Today ' +
  '23 Jun 2025), operational follow-up NSE/FAOP/68747 (25 Jun 2025). First Tuesday expiry 2 Sep 2025 (NDTV ' +
  'Profit). Confidence: high (numbers: medium).';
const BANKNIFTY_WED_WEEKLY_THU_MONTHLY =
  'BANKNIFTY weekly on Wednesday from 4 Sep 2023, except in the week of the monthly expiry; monthly still the ' +
  'last Thursday: NSE circular of 12 Jul 2023 (number not found; CNBC-TV18, Livemint 13 Jul 2023). ' +
  'Confidence: high.';
const BANKNIFTY_WED_MONTHLY =
  'BANKNIFTY monthly and quarterly on the last Wednesday from trade date 1 Mar 2024 (first 27 Mar 2024; the ' +
  'January and February 2024 monthlies unchanged): NSE circular of 28 Dec 2023 (number not found; Business ' +
  'Today and Livemint 29 Dec 2023). Confidence: high.';
const WEEKLIES_END =
  'Weeklies end: NSE/FAOP/64506 (10 Oct 2024), "Discontinuation of weekly index derivatives contracts", under ' +
  'SEBI/HO/MRD/TPD-1/P/CIR/2024/132 (1 Oct 2024: one benchmark with weekly expiries per exchange from 20 Nov ' +
  '2024); last weeklies BANKNIFTY 13 Nov, MIDCPNIFTY 18 Nov, FINNIFTY 19 Nov 2024; NIFTY keeps its weeklies. ' +
  'Monthlies continue on their day. Business Standard 11 Oct 2024, HDFC Securities. Confidence: high ' +
  '(number: medium).';
const THURSDAY_MONTHLIES_2025 =
  'Monthlies of BANKNIFTY (and its quarterlies), FINNIFTY, MIDCPNIFTY on the last Thursday for contracts ' +
  'trading on or after 1 Jan 2025, listed ones re-dated: NSE/FAOP/65336 (29 Nov 2024), "Revision in Expiry ' +
  'Day of Index derivatives contracts" (Business Standard 30 Nov 2024). Confidence: high (number: medium).';
const FINNIFTY_TUESDAY =
  "FINNIFTY weekly on Tuesday, monthly on the last Tuesday (NSE's expiry days as Livemint lists them on 1 Mar " +
  '2024; the circular that set them was not found). Confidence: medium.';
const MIDCPNIFTY_MONDAY =
  'MIDCPNIFTY weekly and monthly moved to Monday (last Monday) at the close of 16 Aug 2023: NSE circular of ' +
  'Aug 2023 (number not found; Hindu BusinessLine 10 Aug 2023, Livemint 1 Mar 2024). Confidence: medium.';

// ── Lots ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Every root's lot revisions, oldest first; the first is the lot in force on RULES_COVER_FROM. */
export const LOT_REVISIONS: Readonly<Record<IndexRoot, readonly LotRevision[]>> = {
  NIFTY: [
    { lot: 50, firstExpiry: RULES_COVER_FROM, source: LOTS_JAN_2024 },
    {
      lot: 25,
      firstExpiry: '2024-05-02',
      // 25 divides 50, so NSE converted every listed contract at once: anything due after 25 Apr 2024
      // traded at 50 up to that day and at 25 from 26 Apr.
      convertedListed: { fromExpiry: '2024-05-02', previousLotThrough: '2024-04-25' },
      source: LOTS_APR_2024,
    },
    {
      lot: 75,
      firstExpiry: '2025-01-02',
      // The January 2025 monthly was listed (in October 2024) before the revision and kept 25; the February
      // monthly (27 Feb 2025) was the first at 75. Quarterlies from March 2025 converted after 26 Dec 2024.
      keptPreviousLot: ['2025-01-30'],
      convertedListed: { fromExpiry: '2025-03-27', previousLotThrough: '2024-12-26' },
      source: LOTS_NOV_2024,
    },
    {
      lot: 65,
      firstExpiry: '2026-01-06',
      // The March 2026 quarterly was due 31 Mar (Shri Mahavir Jayanti) and expired on 30 Mar 2026.
      convertedListed: { fromExpiry: '2026-03-30', previousLotThrough: '2025-12-30' },
      source: LOTS_JAN_2026,
    },
  ],
  BANKNIFTY: [
    { lot: 15, firstExpiry: RULES_COVER_FROM, source: LOTS_JAN_2024 },
    {
      lot: 30,
      // The February 2025 monthly, due 26 Feb when listed and re-dated to Thursday 27 Feb by NSE/FAOP/65336;
      // the January monthly (30 Jan 2025) kept 15. The March 2025 quarterly converted after 24 Dec 2024.
      firstExpiry: '2025-02-27',
      convertedListed: { fromExpiry: '2025-03-27', previousLotThrough: '2024-12-24' },
      source: LOTS_NOV_2024,
    },
    {
      lot: 35,
      firstExpiry: '2025-07-31',
      convertedListed: { fromExpiry: '2025-07-31', previousLotThrough: '2025-04-24' },
      source: LOTS_APR_2025,
    },
    {
      lot: 30,
      firstExpiry: '2026-01-27',
      convertedListed: { fromExpiry: '2026-03-30', previousLotThrough: '2025-12-30' },
      source: LOTS_JAN_2026,
    },
  ],
  FINNIFTY: [
    { lot: 40, firstExpiry: RULES_COVER_FROM, source: LOTS_JAN_2024 },
    { lot: 25, firstExpiry: '2024-07-30', source: LOTS_APR_2024 },
    // The February 2025 monthly (due 25 Feb when listed, re-dated to 27 Feb); January's (30 Jan) kept 25.
    { lot: 65, firstExpiry: '2025-02-27', source: LOTS_NOV_2024 },
    { lot: 60, firstExpiry: '2026-01-27', source: LOTS_JAN_2026 },
  ],
  MIDCPNIFTY: [
    { lot: 75, firstExpiry: RULES_COVER_FROM, source: LOTS_JAN_2024 },
    { lot: 50, firstExpiry: '2024-07-29', source: LOTS_APR_2024 },
    // The February 2025 monthly (due 24 Feb when listed, re-dated to 27 Feb); January's (30 Jan) kept 50.
    { lot: 120, firstExpiry: '2025-02-27', source: LOTS_NOV_2024 },
    { lot: 140, firstExpiry: '2025-07-31', source: LOTS_APR_2025 },
    { lot: 120, firstExpiry: '2026-01-27', source: LOTS_JAN_2026 },
  ],
};

// ── Expiry days ──────────────────────────────────────────────────────────────────────────────────────────

/** Every root's expiry schedules, in order, each starting the day after the previous one ends. */
export const EXPIRY_SCHEDULES: Readonly<Record<IndexRoot, readonly ExpirySchedule[]>> = {
  NIFTY: [
    {
      from: RULES_COVER_FROM,
      until: '2025-08-31',
      cycle: 'weekly',
      weeklyWeekday: THU,
      monthlyWeekday: THU,
      source: NIFTY_THURSDAY,
    },
    { from: '2025-09-01', cycle: 'weekly', weeklyWeekday: TUE, monthlyWeekday: TUE, source: NSE_TUESDAY },
  ],
  BANKNIFTY: [
    {
      from: RULES_COVER_FROM,
      until: '2024-02-29',
      cycle: 'weekly',
      weeklyWeekday: WED,
      monthlyWeekday: THU,
      source: BANKNIFTY_WED_WEEKLY_THU_MONTHLY,
    },
    {
      from: '2024-03-01',
      until: '2024-11-13',
      cycle: 'weekly',
      weeklyWeekday: WED,
      monthlyWeekday: WED,
      source: BANKNIFTY_WED_MONTHLY,
    },
    {
      from: '2024-11-14',
      until: '2024-12-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: WED,
      source: WEEKLIES_END,
    },
    {
      from: '2025-01-01',
      until: '2025-08-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: THU,
      source: THURSDAY_MONTHLIES_2025,
    },
    { from: '2025-09-01', cycle: 'monthly', weeklyWeekday: null, monthlyWeekday: TUE, source: NSE_TUESDAY },
  ],
  FINNIFTY: [
    {
      from: RULES_COVER_FROM,
      until: '2024-11-19',
      cycle: 'weekly',
      weeklyWeekday: TUE,
      monthlyWeekday: TUE,
      source: FINNIFTY_TUESDAY,
    },
    {
      from: '2024-11-20',
      until: '2024-12-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: TUE,
      source: WEEKLIES_END,
    },
    {
      from: '2025-01-01',
      until: '2025-08-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: THU,
      source: THURSDAY_MONTHLIES_2025,
    },
    { from: '2025-09-01', cycle: 'monthly', weeklyWeekday: null, monthlyWeekday: TUE, source: NSE_TUESDAY },
  ],
  MIDCPNIFTY: [
    {
      from: RULES_COVER_FROM,
      until: '2024-11-18',
      cycle: 'weekly',
      weeklyWeekday: MON,
      monthlyWeekday: MON,
      source: MIDCPNIFTY_MONDAY,
    },
    {
      from: '2024-11-19',
      until: '2024-12-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: MON,
      source: WEEKLIES_END,
    },
    {
      from: '2025-01-01',
      until: '2025-08-31',
      cycle: 'monthly',
      weeklyWeekday: null,
      monthlyWeekday: THU,
      source: THURSDAY_MONTHLIES_2025,
    },
    { from: '2025-09-01', cycle: 'monthly', weeklyWeekday: null, monthlyWeekday: TUE, source: NSE_TUESDAY },
  ],
};
