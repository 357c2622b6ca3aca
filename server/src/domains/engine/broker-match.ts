import type { MatchBroker, MatchBrokerReply } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { toPaise } from '../../platform/time.js';
import { driftPauseNote } from '../ledger/reconcile.logic.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { BrokerMatchRepository } from './broker-match.repository.js';
import type { BrokerHolding } from './close-guard.js';
import { toTransactionDto } from './engine.fills.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { TradeProblems } from './trade-problems.js';

/**
 * How many units of a symbol the console counts beyond what the broker holds on the same side (never below 0):
 * `consoleShort` is the console's net units sold (SPEC's sign: > 0 short, < 0 long, a bought leg's).
 */
export function unitsBeyondTheBroker(
  consoleShort: number,
  holdings: readonly BrokerHolding[],
  exchange: string,
  symbol: string,
) {
  // Kite's sign: long > 0, short < 0. A long at the broker backs none of the console's shorts, nor a short its longs.
  const brokerNet = holdings
    .filter((h) => h.exchange === exchange && h.tradingsymbol === symbol)
    .reduce((sum, h) => sum + h.quantity, 0);
  if (consoleShort < 0) return Math.max(0, -consoleShort - Math.max(0, brokerNet));
  return Math.max(0, consoleShort - Math.max(0, -brokerNet));
}

/** What the broker holds of a symbol in SPEC's sign, once `beyond` units of the console's net are taken off. */
const brokerSideOf = (consoleShort: number, beyond: number) =>
  consoleShort < 0 ? consoleShort + beyond : consoleShort - beyond;

/**
 * "Match the broker" (issue 27): the trader closed a leg in Kite by hand, so the console counts a short (or, for
 * a bought leg, a long) the broker no longer holds. The console books that leg as closed (bought back, or sold)
 * at the price the trader read in Kite, and sends nothing (closing it again would open the opposite position). Under the strategy's lock, like every change to its legs;
 * only what the broker really lacks, asked of the broker now: with orders still settling, or a broker that
 * cannot be asked, it refuses. Afterwards fills, open legs and the broker's position agree for the symbol.
 */
export function createBrokerMatch(deps: {
  repo: Pick<EngineRepository, 'one'> & BrokerMatchRepository;
  mappings: Pick<MappingsService, 'load' | 'get'>;
  locks: MappingLocks;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  problems: Pick<TradeProblems, 'clear' | 'share'>;
  /** The account's net positions as the broker reports them now (Kite's sign). */
  brokerPositions: (m: MappingState) => Promise<BrokerHolding[]>;
}) {
  /** What the strategy still counts beyond the broker after a match, as its paused row names it; null: nothing. */
  async function stillDiffering(id: number, account: number, holdings: readonly BrokerHolding[]) {
    const legs = (await deps.repo.one(id))?.legs ?? [];
    const differing = [];
    const bySymbol = new Map(legs.map((l) => [`${l.exchange}:${l.tradingSymbol}`, l] as const));
    for (const { exchange, tradingSymbol } of bySymbol.values()) {
      const consoleShort = await deps.repo.accountOpenQuantity(account, exchange, tradingSymbol);
      const beyond = unitsBeyondTheBroker(consoleShort, holdings, exchange, tradingSymbol);
      if (beyond > 0) {
        differing.push({
          trading_symbol: tradingSymbol,
          console_quantity: consoleShort,
          broker_quantity: brokerSideOf(consoleShort, beyond),
        });
      }
    }
    return differing.length > 0 ? driftPauseNote(differing) : null;
  }

  return (actor: Actor, id: number, found: MatchBroker): Promise<MatchBrokerReply> =>
    deps.locks.withMappings([id], async () => {
      const row = await deps.mappings.load(actor, id);
      if (row.isDummy === 1) throw conflict('A paper strategy has no broker position to match');
      const state = await deps.repo.one(id);
      const ofSymbol = (state?.legs ?? []).filter((l) => l.tradingSymbol === found.trading_symbol);
      const [first] = ofSymbol;
      if (!state || !first) throw conflict(`This strategy holds no ${found.trading_symbol}`);
      const account = state.mapping.userBrokerId;
      if (account === null) throw conflict('This strategy has no broker account');
      if (await deps.repo.hasOrdersInFlight(account)) {
        throw conflict('An order on this broker account is still settling: match the broker once it has');
      }
      const holdings = await deps.brokerPositions(state.mapping).catch((err: unknown) => {
        throw marketDataFailure(err);
      });
      const consoleShort = await deps.repo.accountOpenQuantity(account, first.exchange, first.tradingSymbol);
      const beyond = unitsBeyondTheBroker(consoleShort, holdings, first.exchange, first.tradingSymbol);
      // The strategy's legs on the side the account counts beyond the broker: sold ones for a short, bought for a long.
      const legs = ofSymbol.filter((l) => (consoleShort < 0 ? l.quantity < 0 : l.quantity > 0));
      const held = Math.abs(legs.reduce((sum, l) => sum + l.quantity, 0));
      const quantity = Math.min(beyond, held);
      if (quantity <= 0) {
        throw conflict(
          `The broker holds the ${consoleShort} ${first.tradingSymbol} the console counts: nothing to match`,
        );
      }
      const at = deps.clock.now();
      const written = await deps.repo.closeByHand(state.mapping, legs, quantity, toPaise(found.price), at);
      if (written.length > 0) {
        void deps.events.publish('fills.booked', {
          transactions: written.map((f) => toTransactionDto(state.mapping, f)),
        });
      }
      await deps.repo.setDriftNote(id, await stillDiffering(id, account, holdings));
      // The row's "not bought back: the broker holds no short" is answered; other tabs re-read the strategy.
      deps.problems.clear(id);
      await deps.problems.share();
      void deps.events.publish('mapping.changed', { mappingId: id, userId: row.userId });
      return { strategy: await deps.mappings.get(actor, id), closed_quantity: quantity };
    });
}
