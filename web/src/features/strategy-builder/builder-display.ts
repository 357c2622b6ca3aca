import { formatInr } from '../../lib/format';
import { expiryText, formatStrike } from '../option-chain/chain-display';
import type { EntryKind, ExitUnit, LegExpiry, StrikeBy } from './builder-draft';
import type { ResolvedLeg } from './leg-strikes';

/* How the builder words its choices and figures. Pure. */

export const EXPIRY_WORDS: Record<LegExpiry, string> = {
  current_week: 'This week',
  next_week: 'Next week',
  current_month: 'This month',
};

export const STRIKE_WORDS: Record<StrikeBy, string> = {
  atm: 'ATM ± steps',
  premium_closest: 'Premium nearest ₹',
  premium_at_least: 'Premium ≥ ₹',
  premium_at_most: 'Premium ≤ ₹',
};

/** Short, so a leg's row fits a desk: the column's header and the table's note say what each is of. */
export const EXIT_UNIT_WORDS: Record<ExitUnit, string> = {
  percent: '% of entry',
  points: '₹ points',
  premium: '₹ premium',
};

export const ENTRY_WORDS: Record<EntryKind, string> = {
  time: 'At a time',
  candle_close: 'On a candle close',
  range_breakout: 'Range breakout',
  wait_and_trade: 'Wait and trade',
};

export const RE_ENTRY_WORDS = { at_once: 'At once', at_entry_price: 'At entry price' } as const;
export const BREAKOUT_WORDS = { above: 'Above the high', below: 'Below the low', either: 'Either way' } as const;
export const DIRECTION_WORDS = { up: 'Up', down: 'Down', either: 'Either way' } as const;

/** "24,650 CE · ₹112.40 (Thu 3 Dec 2026)", or why there is no strike. */
export function resolvedText(r: ResolvedLeg | null, optionType: 'CE' | 'PE'): string {
  if (r === null) return 'Loading the chain...';
  if (!r.ok) return `No strike: ${r.reason}`;
  const premium = r.premium === null ? 'no last price' : formatInr(r.premium);
  return `${formatStrike(r.strike)} ${optionType} · ${premium} (${expiryText(r.expiry)})`;
}

/** "₹12,345.50 credit" for premium taken in, "₹1,200.00 debit" for premium paid. */
export function netPremiumText(rupees: number): string {
  if (rupees === 0) return `${formatInr(0)} (neither credit nor debit)`;
  return `${formatInr(Math.abs(rupees))} ${rupees > 0 ? 'credit' : 'debit'}`;
}
