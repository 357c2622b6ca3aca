/**
 * Contracts as a trader reads them in Kite ("NIFTY 2 DEC 24500 CE"), from the trading symbols the API and CSVs
 * keep as they are. Kite's symbols (Zerodha, "Kite Connect: instruments", the tradingsymbol formats):
 * - weekly options `NAME YY M DD STRIKE CE|PE`, the month one character: 1–9 for January to September, O, N, D;
 * - monthly options `NAME YY MMM STRIKE CE|PE` (no day: it is the month's expiry day);
 * - futures `NAME YY MMM FUT`.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const WEEKLY_MONTH = '123456789OND';

const WEEKLY = /^([A-Z&-]+?)(\d{2})([1-9OND])(\d{2})(\d+(?:\.\d+)?)(CE|PE)$/;
const MONTHLY = /^([A-Z&-]+?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d+(?:\.\d+)?)(CE|PE)$/;
const FUTURE = /^([A-Z&-]+?)(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)FUT$/;

/** An expiry day `YYYY-MM-DD` as Kite writes it in a contract's name: "2 DEC". */
function dayMonthOf(expiry: string): string | null {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(expiry);
  const month = m ? MONTHS[Number(m[1]) - 1] : undefined;
  return m && month ? `${Number(m[2])} ${month}` : null;
}

/**
 * `tradingSymbol` as Kite shows the contract: "NIFTY 2 DEC 24500 CE", "NIFTY DEC 24500 CE" for a monthly
 * option whose day is not known (give `expiry`, `YYYY-MM-DD`, to name it), "NIFTY DEC FUT"; anything else
 * (an index, a crypto pair) as it is.
 */
export function contractName(tradingSymbol: string, expiry?: string | null): string {
  const weekly = WEEKLY.exec(tradingSymbol);
  if (weekly) {
    const [, name, , month, day, strike, type] = weekly;
    const monthName = MONTHS[WEEKLY_MONTH.indexOf(month as string)];
    return `${name} ${Number(day)} ${monthName} ${strike} ${type}`;
  }
  const monthly = MONTHLY.exec(tradingSymbol);
  if (monthly) {
    const [, name, , month, strike, type] = monthly;
    const day = expiry ? dayMonthOf(expiry) : null;
    return `${name} ${day ?? month} ${strike} ${type}`;
  }
  const future = FUTURE.exec(tradingSymbol);
  if (future) return `${future[1]} ${future[3]} FUT`;
  return tradingSymbol;
}

/** An option contract's terms as its trading symbol states them. */
export interface OptionTerms {
  /** `YYYY-MM-DD` for a weekly option; null for a monthly one, whose symbol names no day. */
  expiry: string | null;
  /** The strike as the symbol writes it ("24500", "24512.5"). */
  strike: string;
  optionType: 'CE' | 'PE';
}

/** The terms of an option's trading symbol (Kite's formats above); null for anything else (a future, a pair). */
export function optionTerms(tradingSymbol: string): OptionTerms | null {
  const weekly = WEEKLY.exec(tradingSymbol);
  if (weekly) {
    const [, , year, month, day, strike, type] = weekly;
    const monthNumber = WEEKLY_MONTH.indexOf(month as string) + 1;
    const expiry = `20${year}-${String(monthNumber).padStart(2, '0')}-${day}`;
    return { expiry, strike: strike as string, optionType: type as 'CE' | 'PE' };
  }
  const monthly = MONTHLY.exec(tradingSymbol);
  if (monthly) return { expiry: null, strike: monthly[4] as string, optionType: monthly[5] as 'CE' | 'PE' };
  return null;
}
