import { MSG, toPaise } from '@app/contract';
import { AppError, conflict, upstreamFailed } from '../../platform/errors.js';
import type { BrokerFunds, PaperPosition } from './broker-funds.service.js';
import type { MarginOrder } from './broker-port.js';
import { isPaperKind } from './broker-registry.js';
import { brokerWords } from './broker-words.logic.js';
import type { BrokersRepository } from './brokers.repository.js';
import type { BrokersService } from './brokers.service.js';

/*
 * The margin a strategy's next entry would ask, before any order goes (issue 34 item 3). A live strategy asks
 * its own account's broker, its positions considered (Kite's basket margin): `required` is the orders' own
 * margins added up, `final` what the broker would block once they net against each other and the account. A
 * paper strategy asks the market-data login's calculator for the same basket, netted against the paper legs
 * already open on its account (`final` = the margin of those legs with the basket, less theirs alone), since
 * that login holds none of them. A `final` can be below zero: a hedge that frees margin.
 */

/** A basket's margin in paise, and what the account has for it (null with `note` when it cannot be said). */
export interface EntryMargin {
  requiredPaise: number;
  finalPaise: number;
  availablePaise: number | null;
  note: string | null;
}

/** A paper account's figures are not a broker's: a paper strategy on a broker account spends none of its money. */
const PAPER_ON_BROKER_ACCOUNT =
  'A paper strategy spends none of this broker account’s money: put it on a Paper account to weigh it against a capital';

/** Who prices a paper strategy's basket, in the words of a failure to ask it. */
const MARGIN_CALCULATOR = 'The market-data login’s margin calculator';

/** A broker's or the calculator's failure in the trader's words (502), never a stack or an address. */
async function asking<T>(label: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw upstreamFailed(brokerWords(err, label));
  }
}

/** The basket as positions, sold units positive (our legs' sign), added to `held` per contract. */
export function withBasket(held: readonly PaperPosition[], basket: readonly MarginOrder[]): PaperPosition[] {
  const byKey = new Map<string, PaperPosition>();
  const add = (p: PaperPosition) => {
    const key = `${p.exchange}:${p.tradingSymbol}`;
    const was = byKey.get(key);
    byKey.set(key, { ...p, quantity: (was?.quantity ?? 0) + p.quantity });
  };
  held.forEach(add);
  for (const o of basket) {
    add({
      exchange: o.exchange,
      tradingSymbol: o.tradingSymbol,
      quantity: o.side === 'SELL' ? o.quantity : -o.quantity,
    });
  }
  return [...byKey.values()].filter((p) => p.quantity !== 0);
}

export function createEntryMargins(deps: {
  repo: Pick<BrokersRepository, 'findById' | 'openPaperLegs'>;
  brokers: Pick<BrokersService, 'accessOf'>;
  funds: Pick<BrokerFunds, 'fundsOfAccount'>;
  /** What positions would hold in margin, alone and netted, priced by the market-data login's calculator. */
  basketMarginPaise: (positions: readonly PaperPosition[]) => Promise<{ initialPaise: number; finalPaise: number }>;
}) {
  /** What the account has left for new orders, in paise, or why that is not known. */
  async function availableOf(userBrokerId: number): Promise<{ paise: number | null; note: string | null }> {
    const funds = await deps.funds.fundsOfAccount(userBrokerId);
    if (!funds) return { paise: null, note: null };
    if (funds.available_margin === null) return { paise: null, note: funds.margin_problem ?? funds.problem };
    return { paise: toPaise(funds.available_margin), note: null };
  }

  async function paperMargin(userBrokerId: number, basket: readonly MarginOrder[]): Promise<EntryMargin> {
    const row = await deps.repo.findById(userBrokerId);
    const held = await deps.repo.openPaperLegs(userBrokerId);
    const [alone, before, after] = await asking(MARGIN_CALCULATOR, () =>
      Promise.all([
        deps.basketMarginPaise(withBasket([], basket)),
        deps.basketMarginPaise(held),
        deps.basketMarginPaise(withBasket(held, basket)),
      ]),
    );
    // As Kite's own answer for an account: the orders each alone, and what the basket adds to the positions.
    const requiredPaise = alone.initialPaise;
    const finalPaise = after.finalPaise - before.finalPaise;
    if (!row || !isPaperKind(row.brokerKind)) {
      return { requiredPaise, finalPaise, availablePaise: null, note: PAPER_ON_BROKER_ACCOUNT };
    }
    const available = await availableOf(userBrokerId);
    return { requiredPaise, finalPaise, availablePaise: available.paise, note: available.note };
  }

  async function liveMargin(userBrokerId: number, basket: readonly MarginOrder[]): Promise<EntryMargin> {
    const { broker, account } = await deps.brokers.accessOf(userBrokerId);
    if (!account) throw conflict(MSG.noBrokerToken);
    const margin = await asking(broker.label, () => account.basketMargin(basket));
    const available = await availableOf(userBrokerId);
    return { ...margin, availablePaise: available.paise, note: available.note };
  }

  return {
    /** What `basket` would ask of the account a strategy trades on: a paper one's figures, or its broker's. */
    entryMargin(input: { userBrokerId: number; isPaper: boolean; basket: readonly MarginOrder[] }) {
      return input.isPaper
        ? paperMargin(input.userBrokerId, input.basket)
        : liveMargin(input.userBrokerId, input.basket);
    },
  };
}

export type EntryMargins = ReturnType<typeof createEntryMargins>;
