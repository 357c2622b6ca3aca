import type { ChainStrike, Instrument, OptionChain } from '@app/contract';
import { ApiError, messageOf } from '../../api/client';
import { formatInr, formatPrice } from '../../lib/format';

/*
 * How the option-chain page words its figures (docs/ANALYTICS.md): IV in percent, delta per rupee of the forward,
 * gamma per rupee per rupee, theta in rupees a trading day, vega in rupees a vol point; a dash where the server
 * had no figure.
 */

/** How often the chain is asked again while the page is open, as the positions views poll. */
export const CHAIN_POLL_MS = 5_000;

/** The dash a cell shows for a figure the server gave as null. */
export const NONE = '–';

/** Trading minutes in one NSE session (09:15–15:30). */
const SESSION_MINUTES = 375;

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const fixed2 = fixed(2);
const fixed4 = fixed(4);
const fixed1 = fixed(1);

/** "−0.4033" with a true minus sign, as the P&L figures write one. */
function signed(n: number, format: Intl.NumberFormat): string {
  const text = format.format(Math.abs(n));
  return n < 0 && text !== format.format(0) ? `−${text}` : text;
}

/** An LTP in rupees without the sign (1,234.50), or a dash. */
export const formatLtp = (ltp: number | null): string => (ltp === null ? NONE : formatPrice(ltp));

/** IV in percent to two decimals (14.21), or a dash. */
export const formatIv = (iv: number | null): string => (iv === null ? NONE : fixed2.format(iv));

/** Delta to four decimals (0.5965, −0.4033). */
export const formatDelta = (delta: number | null): string => (delta === null ? NONE : signed(delta, fixed4));

/** Gamma, a small number: four significant figures (0.004973, 0.0001234). */
export function formatGamma(gamma: number | null): string {
  if (gamma === null) return NONE;
  if (gamma === 0) return '0';
  const digits = Math.min(10, Math.max(2, 3 - Math.floor(Math.log10(Math.abs(gamma)))));
  return signed(gamma, fixed(digits));
}

/** Theta or vega in rupees to the paisa (−18.83). */
export const formatRupeeGreek = (value: number | null): string => (value === null ? NONE : signed(value, fixed2));

/** A strike in rupees: whole rupees without decimals (23,250), a fractional one with them. */
export function formatStrike(strike: number): string {
  return Number.isInteger(strike) ? strike.toLocaleString('en-IN') : formatPrice(strike);
}

/**
 * The ATM strike: the listed strike nearest the underlying (the lower on a tie), as the server picks the middle
 * of its window; null for an empty chain.
 */
export function atmStrike(strikes: readonly Pick<ChainStrike, 'strike'>[], underlying: number): number | null {
  let best: number | null = null;
  for (const { strike } of strikes) {
    if (best === null) {
      best = strike;
      continue;
    }
    const gap = Math.abs(strike - underlying);
    const bestGap = Math.abs(best - underlying);
    if (gap < bestGap || (gap === bestGap && strike < best)) best = strike;
  }
  return best;
}

/** "675 trading minutes (1.8 sessions)"; "Expired" at 0. */
export function minutesText(minutes: number): string {
  if (minutes <= 0) return 'Expired (no trading minute left)';
  const whole = Math.round(minutes);
  const sessions = minutes / SESSION_MINUTES;
  const unit = whole === 1 ? 'minute' : 'minutes';
  return `${whole.toLocaleString('en-IN')} trading ${unit} (${fixed1.format(sessions)} sessions)`;
}

/** "5.25%". */
export const rateText = (rate: number): string => `${fixed2.format(rate)}%`;

/** The facts line under the pickers, each as label and value. */
export function chainFacts(chain: OptionChain): { label: string; value: string; title?: string }[] {
  return [
    { label: 'Underlying', value: formatInr(chain.underlying_price) },
    { label: 'Forward', value: formatInr(chain.forward), title: 'From put–call parity at the ATM strike' },
    { label: 'Rate', value: rateText(chain.rate), title: chain.rate_source },
    { label: 'To expiry', value: minutesText(chain.minutes_to_expiry) },
  ];
}

const expiryFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Tue 24 Nov 2026" for an expiry `YYYY-MM-DD` (a calendar day, read as such: no zone shifts it). */
export function expiryText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const parts = Object.fromEntries(
    expiryFormat.formatToParts(new Date(Date.UTC(y, m - 1, d))).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** The instruments the page offers: those with a ticker (an exchange symbol whose options may be listed). */
export function chainInstruments(instruments: readonly Instrument[]): Instrument[] {
  return instruments.filter((i) => i.ticker !== null && i.ticker !== '');
}

/**
 * A failed call as the page shows it: the server's own words; the page's text only where the server said nothing
 * a trader can read (an internal error, an unknown route, no reply at all).
 */
export function serverWords(err: unknown, fallback: string): string {
  const text = messageOf(err, fallback);
  if (err instanceof ApiError && text.startsWith('Request failed with status')) return fallback;
  return text;
}
