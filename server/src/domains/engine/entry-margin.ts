import { toRupees, type EntryMargin } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import type { EntryMargins } from '../brokers/entry-margins.service.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { holdWords } from '../strategies/decision.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { strategyTypeFor } from '../strategies/strategy-registry.js';
import { createOptionPrices } from './option-prices.js';
import { inputsFor, typeOfState } from './engine.inputs.js';
import type { EngineRepository } from './engine.repository.js';
import { marginBasketOf } from './margin-guard.js';

/*
 * `POST /strategies/user-mappings/{id}/margin` (issue 34 item 3): the entry a strategy's rules would make now, at
 * the last price, as if it held nothing (a realign opens the same legs), priced by its account's broker — or, for
 * paper, by the market-data login's calculator against the paper legs its account holds. Nothing is sent, locked
 * or written: it is a question the trader (and, before each entry, the engine) asks.
 */
export function createEntryMarginQuote(deps: {
  repo: Pick<EngineRepository, 'one'>;
  mappings: Pick<MappingsService, 'load'>;
  chain: Pick<OptionChainService, 'chainFor' | 'optionQuotes'>;
  clock: Clock;
  currentPricePaise: (instrumentToken: string) => Promise<number>;
  entryMargin: EntryMargins['entryMargin'];
}) {
  const pricesFor = createOptionPrices({ quotes: deps.chain });
  return async function entryMarginOf(actor: Actor, id: number): Promise<EntryMargin> {
    const row = await deps.mappings.load(actor, id);
    const read = await deps.repo.one(id);
    if (!read) throw badRequest(strategyTypeFor(row.strategyName).words.configureFirst);
    const { mapping } = read;
    if (mapping.userBrokerId === null) throw conflict('The strategy has no broker account to weigh its margin against');
    const at = deps.clock.now();
    const [chain, price] = await Promise.all([
      deps.chain.chainFor(mapping.ticker ?? ''),
      deps.currentPricePaise(mapping.instrumentToken),
    ]).catch((err: unknown) => {
      throw marketDataFailure(err);
    });
    const type = typeOfState(mapping);
    const prices = await pricesFor(type, mapping, chain, [], at);
    const decision = type.decideNow(inputsFor(mapping, [], price, chain, at, prices));
    if (decision.action === 'hold') throw conflict(`No entry to price now: ${holdWords(decision)}`);
    if (decision.action === 'squareOff') throw conflict('No entry to price now: the strategy would square off');
    // Decided flat, so the basket is the legs it would sell (every strategy type so far sells to open).
    const basket = marginBasketOf(decision);
    const margin = await deps.entryMargin({
      userBrokerId: mapping.userBrokerId,
      isPaper: mapping.isDummy === 1,
      basket,
    });
    return {
      required: toRupees(margin.requiredPaise),
      final: toRupees(margin.finalPaise),
      available: margin.availablePaise === null ? null : toRupees(margin.availablePaise),
      orders: basket.map((o) => ({ trading_symbol: o.tradingSymbol, side: o.side, quantity: o.quantity })),
      note: margin.note,
    };
  };
}
