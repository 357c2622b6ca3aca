import { atMost, createSlots } from '../../platform/at-most.js';

/**
 * A candle close trades this many of one account's live strategies at once. Their orders meet in the account's
 * line at the order governor, where every exit goes before any entry (issue 31 item 4); one at a time, the last
 * strategy's exit waited for every other strategy's entries. Bounded so one account of hundreds of strategies
 * holds no more than this many database connections and broker calls at once.
 */
export const LIVE_AT_ONCE_PER_ACCOUNT = 10;

/**
 * Live strategies trading at once across every account and close of this console. Past a few hundred, a busy
 * process answers its own broker calls so late that their timeouts fire (a reply "lost" that only waited for
 * us): strategies beyond this wait their turn before any call, their time on the broker's clock unspent.
 */
export const LIVE_AT_ONCE = 200;

/** Runs each account's live strategies within both bounds; resolves with how many traded. */
export function createLiveTurns() {
  const inSlot = createSlots(LIVE_AT_ONCE);
  return async function tradeAll(accounts: number[][], trade: (id: number) => Promise<number>): Promise<number> {
    const perAccount = await Promise.all(
      accounts.map((ids) => atMost(LIVE_AT_ONCE_PER_ACCOUNT, ids, (id) => inSlot(() => trade(id)))),
    );
    return perAccount.flat().reduce((a, b) => a + b, 0);
  };
}
