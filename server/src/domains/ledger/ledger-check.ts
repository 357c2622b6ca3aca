/**
 * `npm run ledger:check`'s reads (issue 28): the console's live fills of an IST day per broker account, and
 * the broker's trades of that day from one of two sources: the broker itself (the broker port's `dayTrades`,
 * each account with its own access token: the same command works against real Kite), or the sandbox exchange's own state
 * file when the console trades against its in-process sandbox. It writes nothing anywhere.
 */
import { istDay } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { readSandboxState } from '../../sandbox/sandbox-state-file.js';
import { BROKER_KINDS, brokerageFor } from '../brokers/broker-registry.js';
import { brokerWords } from '../brokers/broker-words.logic.js';
import type { BrokerCredentials } from '../brokers/brokers.service.js';
import { exactPaise } from '../engine/broker-trades.logic.js';
import type { Broker, BrokerDayTrade } from '../brokers/broker-port.js';
import { compareDay, type BookedFill, type BrokerTrade, type CheckedDay } from './ledger-check.logic.js';
import type { AccountResult } from './ledger-check.report.js';

export { checkedDay } from './ledger-check.logic.js';
export type { CheckedDay };

/** A broker account as the check names it. */
export interface CheckedAccount {
  id: number;
  username: string;
  brokerUsername: string;
}

/** Where the broker's trades come from; `tradesOf` throws an Error in a trader's words when it cannot say. */
export interface BrokerTradesSource {
  /** For the report's heading. */
  description: string;
  tradesOf(account: CheckedAccount, day: CheckedDay): Promise<BrokerTrade[]>;
}

const inDay = (at: number, day: CheckedDay) => at >= day.start && at < day.end;

/** A broker's trade as the check's, or why it cannot be one; one without a time is of the day listed: `today`. */
function fromBroker(label: string, t: BrokerDayTrade, today: number): BrokerTrade {
  const pricePaise = exactPaise(t.average_price);
  if (pricePaise === null)
    throw new Error(`${label} sent trade ${t.trade_id} at ₹${t.average_price}, finer than a paisa`);
  return {
    tradeId: t.trade_id,
    orderId: t.order_id,
    tradingSymbol: t.tradingsymbol,
    side: t.transaction_type,
    quantity: t.quantity,
    pricePaise,
    at: t.filledAt ?? today,
  };
}

/**
 * The broker itself, through the broker port: each account's trades of the current day (`dayTrades`) with its
 * stored access token. A broker lists today's only.
 */
export function brokerTradesSource(deps: {
  /** The account's broker (its adapter, by the account's `brokers.kind`). */
  brokerOf: (userBrokerId: number) => Promise<Broker>;
  credentialsOf: (userBrokerId: number) => Promise<BrokerCredentials | null>;
  now: () => number;
}): BrokerTradesSource {
  return {
    description: "the broker's trade book (each account's trades of today, from its broker)",
    async tradesOf(account, day) {
      const broker = await deps.brokerOf(account.id);
      if (day.day !== istDay(deps.now())) {
        throw new Error(
          `${broker.label} lists only today's trades (${istDay(deps.now())}); ${day.day} cannot be asked`,
        );
      }
      const credentials = await deps.credentialsOf(account.id);
      if (!credentials) throw new Error('no access token: generate one on the Profile page');
      // A read-only check: a refusal is reported here, not written to the account (no `tokenRefused`).
      const calls = broker.account({ userBrokerId: account.id, credentials });
      let trades: BrokerDayTrade[];
      try {
        trades = await calls.dayTrades();
      } catch (err) {
        throw new Error(brokerWords(err, broker.label));
      }
      return trades.map((t) => fromBroker(broker.label, t, deps.now())).filter((t) => inDay(t.at, day));
    },
  };
}

/**
 * The sandbox exchange's own record (its state file in DATA_DIR, saved within 50 ms of every change): every
 * day's trades of the sandbox user the account names, so past days can be checked too.
 */
export function sandboxStateSource(file: string): BrokerTradesSource {
  type UserTrade = BrokerTrade & { userId: string };
  let trades: Promise<UserTrade[]> | null = null;
  async function load(): Promise<UserTrade[]> {
    const state = await readSandboxState(file, () => null);
    if (!state) throw new Error(`the sandbox has kept no state in ${file}: is DATA_DIR the console's?`);
    return state.orderBook.trades.map((t) => ({
      tradeId: t.tradeId,
      orderId: t.orderId,
      tradingSymbol: t.tradingsymbol,
      side: t.transactionType,
      quantity: t.quantity,
      pricePaise: t.pricePaise,
      at: t.fillMs,
      userId: t.userId,
    }));
  }
  return {
    description: `the sandbox exchange's state file (${file})`,
    async tradesOf(account, day) {
      trades ??= load();
      // Sandbox user ids are Kite's: upper-case letters and digits (sandbox-accounts.ts).
      const userId = account.brokerUsername.toUpperCase();
      return (await trades)
        .filter((t) => t.userId === userId && inDay(t.at, day))
        .map(({ userId: _userId, ...t }) => t);
    },
  };
}

interface DayFill extends BookedFill {
  userBrokerId: number | null;
}

/** The console's live fills of the day, each with the account it was traded on (its order's, else its strategy's). */
async function liveFillsOf(db: Kysely<DB>, day: CheckedDay): Promise<DayFill[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('brokerOrders as o', 'o.id', 't.orderId')
    .leftJoin('userStrategyMappings as m', 'm.id', 't.mappingId')
    .select([
      't.tradingSymbol',
      't.quantity',
      't.pricePaise',
      't.transactionDate',
      't.kind',
      't.orderId',
      'o.userBrokerId as orderAccount',
      'm.userBrokerId as mappingAccount',
    ])
    .where('t.isDummy', '=', 0)
    .where('t.transactionDate', '>=', day.start)
    .where('t.transactionDate', '<', day.end)
    .orderBy('t.transactionDate')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => {
    const account = r.orderAccount ?? r.mappingAccount;
    return {
      tradingSymbol: r.tradingSymbol,
      quantity: r.quantity,
      pricePaise: Number(r.pricePaise),
      at: Number(r.transactionDate),
      kind: r.kind,
      orderId: r.orderId === null ? null : Number(r.orderId),
      userBrokerId: account === null ? null : Number(account),
    };
  });
}

/** Every account at a broker the console trades through that could have traded: with a stored token, or with live fills on the day. */
async function tradingAccounts(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('userBrokers as b')
    .innerJoin('brokers as k', 'k.id', 'b.brokerId')
    .innerJoin('users as u', 'u.id', 'b.userId')
    .select(['b.id', 'u.username', 'b.brokerUsername', 'b.brokerTokenSealed', 'k.kind'])
    .where('k.kind', 'in', BROKER_KINDS)
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    brokerUsername: r.brokerUsername,
    hasToken: r.brokerTokenSealed !== null,
    kind: r.kind,
  }));
}

const labelOf = (a: CheckedAccount) => `${a.brokerUsername} (console user ${a.username})`;

/** The check of a day: one result per account that traded or could have, in account order. */
export async function runLedgerCheck(deps: {
  db: Kysely<DB>;
  source: BrokerTradesSource;
  day: CheckedDay;
}): Promise<AccountResult[]> {
  const fills = await liveFillsOf(deps.db, deps.day);
  const results: AccountResult[] = [];
  for (const account of await tradingAccounts(deps.db)) {
    const mine = fills.filter((f) => f.userBrokerId === account.id);
    if (mine.length === 0 && !account.hasToken) continue;
    try {
      const trades = await deps.source.tradesOf(account, deps.day);
      if (mine.length === 0 && trades.length === 0) continue;
      const comparison = compareDay(mine, trades, deps.day.start, brokerageFor(account.kind));
      results.push({ label: labelOf(account), comparison, error: null });
    } catch (err) {
      results.push({ label: labelOf(account), comparison: null, error: (err as Error).message });
    }
  }
  // Live fills the console cannot place on any account are on no broker's note: all of them differ.
  const orphans = fills.filter((f) => f.userBrokerId === null);
  if (orphans.length > 0) {
    results.push({
      label: 'live fills on no broker account',
      comparison: compareDay(orphans, [], deps.day.start),
      error: null,
    });
  }
  return results;
}
