import { MSG, toRupees, type AccountFunds, type Funds } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import { iso } from '../../platform/time.js';
import { isPaperKind } from './broker-registry.js';
import { BrokerTokenExpired } from './broker-port.js';
import { brokerWords, sessionEndedWords } from './broker-words.logic.js';
import type { BrokersRepository } from './brokers.repository.js';
import type { BrokersService } from './brokers.service.js';

/**
 * The trader's funds and margin per broker account (issue 32 item 3): each account asked through its broker's
 * port now, all at once. An account that cannot be asked keeps its row, with why (no token, the session ended,
 * the broker not answering) instead of figures: a trader never mistakes a missing figure for ₹0.
 */
/** What a Paper account's margin says when it could not be priced, before why. */
const MARGIN_UNKNOWN = 'Margin of the open paper positions not known';
/** Who prices a Paper account's margin, in the words of a failure to ask it. */
const MARGIN_CALCULATOR = 'the market-data login';
/** How many accounts are asked at once. */
const ASKED_AT_ONCE = 4;

/** What a Paper account's strategies have done with its virtual capital (the P&L domain's figure), in paise. */
export interface PaperAccountBook {
  /** Realized P&L less charges over every day: what the capital has grown or shrunk by. */
  bookedPaise: number;
}

/** An open option position of a Paper account: `quantity` > 0 short, as our legs count. */
export interface PaperPosition {
  exchange: string;
  tradingSymbol: string;
  quantity: number;
}

export function createBrokerFunds(deps: {
  repo: Pick<BrokersRepository, 'listForUser' | 'findById' | 'openPaperLegs'>;
  brokers: Pick<BrokersService, 'accessOf'>;
  clock: Clock;
  /** Each of a user's accounts' paper books, keyed by account (wired to the P&L domain). */
  paperBooks: (userId: number) => Promise<Map<number, PaperAccountBook>>;
  /** The margin positions would hold at the broker, in paise (wired to market data's margin calculator). */
  heldMarginPaise: (positions: readonly PaperPosition[]) => Promise<number>;
}) {
  type Row = Awaited<ReturnType<BrokersRepository['listForUser']>>[number];

  /**
   * A Paper account's funds, never asked of a broker account: its cash is the virtual capital plus what its
   * strategies booked (realized less charges); its used margin what its open legs would hold at the broker,
   * priced by the market-data login's margin calculator. When that cannot be asked, the cash still shows and
   * the margin says why (never a made-up figure).
   */
  async function paperFundsOf(row: Row, book: PaperAccountBook | undefined): Promise<AccountFunds> {
    const capitalPaise = Number(row.virtualCapitalPaise ?? 0);
    const availablePaise = capitalPaise + (book?.bookedPaise ?? 0);
    const base = {
      user_broker_id: row.id,
      broker_username: row.brokerUsername,
      broker_name: row.brokerName,
      is_paper: true,
      virtual_capital: toRupees(capitalPaise),
      available: toRupees(availablePaise),
      checked_at: iso(deps.clock.now()),
      problem: null,
    };
    try {
      const usedPaise = await deps.heldMarginPaise(await deps.repo.openPaperLegs(row.id));
      return {
        ...base,
        used_margin: toRupees(usedPaise),
        available_margin: toRupees(availablePaise - usedPaise),
        margin_problem: null,
      };
    } catch (err) {
      const why = err instanceof AppError ? err.message : brokerWords(err, MARGIN_CALCULATOR);
      return { ...base, used_margin: null, available_margin: null, margin_problem: `${MARGIN_UNKNOWN}: ${why}` };
    }
  }

  async function fundsOf(row: Row): Promise<AccountFunds> {
    const base = {
      user_broker_id: row.id,
      broker_username: row.brokerUsername,
      broker_name: row.brokerName,
      is_paper: false,
      virtual_capital: null,
      margin_problem: null,
    };
    const missing = (problem: string): AccountFunds => ({
      ...base,
      available: null,
      used_margin: null,
      available_margin: null,
      checked_at: null,
      problem,
    });
    // A token the broker already refused is not sent again: each ask counts against the app's rate at Kite.
    const ended = sessionEndedWords(row.brokerUsername);
    if (row.tokenRefusedAt !== null) return missing(ended);
    let label = row.brokerName;
    try {
      const { broker, account } = await deps.brokers.accessOf(row.id);
      label = broker.label;
      if (!account) return missing(MSG.noBrokerToken);
      const m = await account.margins();
      return {
        ...base,
        available: toRupees(m.availableCashPaise),
        used_margin: toRupees(m.usedMarginPaise),
        available_margin: toRupees(m.availableMarginPaise),
        checked_at: iso(m.checkedAt),
        problem: null,
      };
    } catch (err) {
      if (err instanceof BrokerTokenExpired) return missing(ended);
      // An account whose broker is not served here, or whose token cannot be opened, keeps its row too.
      return missing(err instanceof AppError ? err.message : brokerWords(err, label));
    }
  }

  return {
    /** One account's funds (its row of `fundsFor`), or null when there is no such account. */
    async fundsOfAccount(userBrokerId: number): Promise<AccountFunds | null> {
      const row = await deps.repo.findById(userBrokerId);
      if (!row) return null;
      if (!isPaperKind(row.brokerKind)) return fundsOf(row);
      return paperFundsOf(row, (await deps.paperBooks(row.userId)).get(row.id));
    },

    async fundsFor(userId: number): Promise<Funds> {
      const all = await deps.repo.listForUser(userId);
      const rows = all.filter((r) => !isPaperKind(r.brokerKind));
      const papers = all.filter((r) => isPaperKind(r.brokerKind));
      const books = papers.length > 0 ? await deps.paperBooks(userId) : new Map<number, PaperAccountBook>();
      // A few at a time: the accounts of one console app share its request rate at the broker.
      const accounts: AccountFunds[] = new Array<AccountFunds>(rows.length);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < rows.length; i = next++) accounts[i] = await fundsOf(rows[i]!);
      };
      await Promise.all(Array.from({ length: Math.min(ASKED_AT_ONCE, rows.length) }, worker));
      const paper = new Map<number, AccountFunds>();
      for (const r of papers) paper.set(r.id, await paperFundsOf(r, books.get(r.id)));
      const asked = new Map(rows.map((r, i) => [r.id, accounts[i]!]));
      return { accounts: all.map((r) => paper.get(r.id) ?? asked.get(r.id)!) };
    },
  };
}

export type BrokerFunds = ReturnType<typeof createBrokerFunds>;
