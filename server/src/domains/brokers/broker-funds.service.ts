import { MSG, toRupees, type AccountFunds, type Funds } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import { BrokerTokenExpired } from './broker-port.js';
import { brokerWords, sessionEndedWords } from './broker-words.logic.js';
import type { BrokersRepository } from './brokers.repository.js';
import type { BrokersService } from './brokers.service.js';

/**
 * The trader's funds and margin per broker account (issue 32 item 3): each account asked through its broker's
 * port now, all at once. An account that cannot be asked keeps its row, with why (no token, the session ended,
 * the broker not answering) instead of figures: a trader never mistakes a missing figure for ₹0.
 */
/** How many accounts are asked at once. */
const ASKED_AT_ONCE = 4;

export function createBrokerFunds(deps: {
  repo: Pick<BrokersRepository, 'listForUser'>;
  brokers: Pick<BrokersService, 'accessOf'>;
}) {
  async function fundsOf(row: {
    id: number;
    brokerUsername: string;
    brokerName: string;
    tokenRefusedAt: number | null;
  }): Promise<AccountFunds> {
    const base = { user_broker_id: row.id, broker_username: row.brokerUsername, broker_name: row.brokerName };
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
    async fundsFor(userId: number): Promise<Funds> {
      const rows = await deps.repo.listForUser(userId);
      // A few at a time: the accounts of one console app share its request rate at the broker.
      const accounts: AccountFunds[] = new Array<AccountFunds>(rows.length);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < rows.length; i = next++) accounts[i] = await fundsOf(rows[i]!);
      };
      await Promise.all(Array.from({ length: Math.min(ASKED_AT_ONCE, rows.length) }, worker));
      return { accounts };
    },
  };
}

export type BrokerFunds = ReturnType<typeof createBrokerFunds>;
