import type { ReconcileAccount } from '@app/contract';
import { formatTimeIst } from '../../lib/format';
import { holdingWords } from './pnl-display';

/** What the reconciliation banner says about a reply: drift loudly, unreachable brokers quietly. */
export interface ReconcileNotices {
  /** One sentence per account whose broker holds something else than the console. */
  drift: { key: number; text: string }[];
  /** One sentence per account the broker could not be asked about while the console holds something there. */
  unchecked: { key: number; text: string }[];
}

function accountName(a: ReconcileAccount, withUser: boolean): string {
  return withUser ? `${a.broker_username} (user ${a.user_username})` : a.broker_username;
}

/**
 * The banner's sentences. `withUser` names the console user too (the admin sees every account).
 * An account that could not be checked is mentioned only when the console holds something on it:
 * with nothing held there is nothing to get wrong.
 */
export function reconcileNotices(accounts: readonly ReconcileAccount[], withUser: boolean): ReconcileNotices {
  const drift: ReconcileNotices['drift'] = [];
  const unchecked: ReconcileNotices['unchecked'] = [];
  for (const a of accounts) {
    const name = accountName(a, withUser);
    if (a.error !== null) {
      const held = a.symbols.filter((s) => s.console_quantity !== 0).length;
      if (held > 0) {
        const what = held === 1 ? '1 symbol' : `${held} symbols`;
        unchecked.push({
          key: a.user_broker_id,
          text: `Could not compare positions with the broker for ${name}, where the console holds ${what}: ${a.error}`,
        });
      }
      continue;
    }
    const drifting = a.symbols.filter((s) => s.drift !== 0);
    if (a.in_sync || drifting.length === 0) continue;
    const details = drifting
      .map(
        (s) =>
          `${s.trading_symbol} console ${holdingWords(s.console_quantity)} vs broker ${holdingWords(s.broker_quantity)}`,
      )
      .join('; ');
    drift.push({ key: a.user_broker_id, text: `Broker positions differ for ${name}: ${details}.` });
  }
  return { drift, unchecked };
}

/**
 * The quiet line while every live account agrees: "Broker positions agree for 2 accounts (checked 10:42:05
 * IST)", so agreement is seen, not inferred from a missing banner. Null without live accounts, or when one
 * differs or could not be asked (the banner speaks then).
 */
export function reconcileAgreement(accounts: readonly ReconcileAccount[], checkedAt: string): string | null {
  if (accounts.length === 0 || accounts.some((a) => !a.in_sync)) return null;
  const what = accounts.length === 1 ? '1 account' : `${accounts.length} accounts`;
  const agree = `Broker positions agree for ${what} (checked ${formatTimeIst(checkedAt)})`;
  const settling = inFlightSymbols(accounts);
  return settling.length === 0 ? agree : `${agree}; ${settlingWords(settling)}`;
}

/**
 * The comparison could not be made again after one that answered at `checkedAt`: said so, with why, instead of
 * showing the earlier answer as if it were current.
 */
export function lastCheckFailed(why: string, checkedAt: string): string {
  return `Could not compare with the broker just now (${why}); the last comparison was at ${formatTimeIst(checkedAt)}`;
}

/** Symbols with an order the console placed still settling (issue 28): shown as such, never as drift. */
export function inFlightSymbols(accounts: readonly ReconcileAccount[]): string[] {
  return [...new Set(accounts.flatMap((a) => a.symbols.filter((s) => s.in_flight).map((s) => s.trading_symbol)))];
}

/** "an order on NIFTY26D0124500CE is settling, compared again once it settles" */
export function settlingWords(symbols: readonly string[]): string {
  const what = symbols.length === 1 ? `an order on ${symbols[0]} is` : `orders on ${symbols.join(', ')} are`;
  return `${what} settling, compared again once ${symbols.length === 1 ? 'it settles' : 'they settle'}`;
}

/** A strategy's leg the broker holds less of than the console counts: the banner offers to match it. */
export interface MatchOffer {
  key: string;
  mappingId: number;
  /** "RDX on NIFTY 50" */
  strategy: string;
  tradingSymbol: string;
  /**
   * What the console would book as closed (units): what it counts beyond the broker, at most this strategy's.
   */
  quantity: number;
  /**
   * The strategy's leg the broker lacks: sold (booked as bought back; absent means sold, as every offer before
   * issue 33) or bought (booked as sold).
   */
  leg?: 'sold' | 'bought';
  /** Whose it is (the admin's view). */
  owner: string;
}

/**
 * Each drifting symbol the console counts more of than the broker holds short (issue 27: a leg closed in Kite
 * by hand), or more long than the broker holds long (a bought leg sold in Kite, issue 33), per strategy holding
 * it on that side. The broker holding more than the console (a trade elsewhere on the account) is no leg of the
 * console's to close, so it is offered nothing.
 */
export function matchOffers(accounts: readonly ReconcileAccount[]): MatchOffer[] {
  const offers: MatchOffer[] = [];
  for (const a of accounts) {
    if (a.error !== null) continue;
    for (const s of a.symbols) {
      // SPEC's sign on both sides (> 0 short): a long is the same sum with both signs turned.
      const sign = s.console_quantity < 0 ? -1 : 1;
      let beyond = sign * s.console_quantity - Math.max(0, sign * s.broker_quantity);
      if (s.drift === 0 || beyond <= 0) continue;
      for (const h of s.holders ?? []) {
        const quantity = Math.min(beyond, sign * h.quantity);
        if (quantity <= 0) continue;
        offers.push({
          key: `${a.user_broker_id}:${s.trading_symbol}:${h.user_strategy_mapping_id}`,
          mappingId: h.user_strategy_mapping_id,
          strategy: `${h.strategy_name} on ${h.instrument_name}`,
          tradingSymbol: s.trading_symbol,
          quantity,
          leg: sign < 0 ? 'bought' : 'sold',
          owner: a.user_username,
        });
        // Two strategies sharing the symbol: the first offered takes what the broker lacks first.
        beyond -= quantity;
      }
    }
  }
  return offers;
}

/**
 * The quiet line for a console that trades only on paper (issue 27): paper fills never reach a broker, so
 * there is nothing to compare, and saying so beats a silent banner. Null where a live account is checked.
 */
export function paperOnlyLine(
  accounts: readonly ReconcileAccount[],
  paperStrategies: number | undefined,
): string | null {
  if (accounts.length > 0 || !paperStrategies) return null;
  const what = paperStrategies === 1 ? '1 paper strategy' : `${paperStrategies} paper strategies`;
  return `Paper trading only (${what}): no broker positions to compare, as paper fills never reach a broker`;
}
