import { istDay, type Transaction as TransactionDto } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { isReferenceViolation } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import type { OptionChainService, OptionQuote } from '../market-data/option-chain.service.js';
import { toTransactionDto } from './engine.fills.js';
import { typeOfState } from './engine.inputs.js';
import type { EngineRepository } from './engine.repository.js';
import type { MappingState, NewFill, NewLeg, PaperFills } from './engine.types.js';
import { PaperSliceRefusedError, QuotesUnavailableError, slicesByOwner } from './paper-slices.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import { StalePositionError } from './stale-position.js';
import { LegAlreadyClosedError } from './orders.repository.js';
import { closesOf, opensOf, type Plan } from './plan.js';
import { closingSideOf, isPartClose, signedQuantityOf, type OrderSide } from '../strategies/decision.logic.js';
import { orderSlices } from '../market-rules/freeze-quantities.logic.js';
import { protectionPercentFor } from '../brokers/broker-registry.js';
import { averagePaise, paperPrice, type PricedPart, type PaperPrice } from './paper-price.js';

/*
 * Paper trading (DESIGN §7): fills at the prices a live market order would have got from the option's quote
 * (paper-price.ts), no broker call. Used by the executor.
 */

export interface PaperExecutionDeps {
  repo: Pick<EngineRepository, 'applyPaperFills' | 'existingMappingIds'>;
  chain: Pick<OptionChainService, 'optionQuotes'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  events: Pick<DomainEventBus, 'publish'>;
  /** Mappings per paper-fill transaction (paper-slices.ts). */
  paperSliceSize?: number | undefined;
}

const quoteKey = (exchange: string, symbol: string) => `${exchange}:${symbol}`;

/** A fill's sign by its side (SPEC §3): + sold, − bought. */
const signOf = (side: OrderSide): 1 | -1 => (side === 'SELL' ? 1 : -1);

/**
 * The fills of a leg's paper orders, one per depth level each order took (as a live order is booked per trade),
 * each order numbered as the strategy's `next()`-th of the instant: an order's fills pay one brokerage between
 * them, as a live order's trades do (contract-note.logic.ts). Live sends one order per leg closed or opened
 * (executor.ts), sliced above the exchange's freeze quantity, each slice an order; paper does the same. The
 * slices walk the book one after another: together they take the levels one order of the whole would.
 */
function paperOrderFills(
  m: MappingState,
  tradingSymbol: string,
  sign: 1 | -1,
  priced: PaperPrice,
  slices: readonly number[],
  next: () => number,
): NewFill[] {
  const fills: NewFill[] = [];
  const parts = priced.parts.map((p) => ({ ...p }));
  for (const size of slices) {
    const order = next();
    let wanted = size;
    while (wanted > 0 && parts.length > 0) {
      const part: PricedPart = parts[0]!;
      const taken = Math.min(wanted, part.quantity);
      fills.push({
        userId: m.userId,
        mappingId: m.id,
        strategyId: m.strategyId,
        instrumentId: m.instrumentId,
        tradingSymbol,
        quantity: sign * taken,
        pricePaise: part.pricePaise,
        isDummy: 1,
        orderId: null,
        priceSource: priced.source,
        paperOrder: order,
      });
      part.quantity -= taken;
      wanted -= taken;
      if (part.quantity === 0) parts.shift();
    }
  }
  return fills;
}

/**
 * One slice's paper fills, built from its plans (all of them quoted): sales at the bids, buys at the offers,
 * within the instrument's market protection (paper-price.ts).
 */
function paperFillsOf(plans: Plan[], quotes: Map<string, OptionQuote>, at: number): PaperFills {
  const closeLegIds: number[] = [];
  const shrinkLegs: NonNullable<PaperFills['shrinkLegs']> = [];
  const openLegs: NewLeg[] = [];
  const fills: NewFill[] = [];
  const atm: PaperFills['atm'] = [];
  const quoteOf = (symbol: string) => quotes.get(symbol) ?? { lastPaise: 0, bids: [], asks: [] };
  const day = istDay(at);
  for (const { mapping: m, decision } of plans) {
    let order = 0;
    const next = () => ++order;
    const slicesOf = (quantity: number) => orderSlices(m.ticker, day, m.lotSize, quantity);
    // Paper strategies trade through the default broker's rules, as their brokerage does (brokerageFor).
    const band = protectionPercentFor(null, m.marketProtection);
    for (const l of closesOf(decision)) {
      // Closed with the side opposite its quantity's sign: a sold leg bought back at the offers, a bought
      // leg sold at the bids; its fills are signed that side's way (+ sold, − bought).
      const side = closingSideOf(l.quantity);
      const units = Math.abs(l.quantity);
      // Closed in part (a smaller size on the same strike): the leg keeps the rest.
      if (isPartClose(l)) shrinkLegs.push({ id: l.id, by: l.quantity, held: l.heldQuantity ?? l.quantity });
      else closeLegIds.push(l.id);
      const priced = paperPrice(side, units, quoteOf(l.tradingSymbol), band);
      fills.push(...paperOrderFills(m, l.tradingSymbol, signOf(side), priced, slicesOf(units), next));
    }
    for (const o of opensOf(decision)) {
      const priced = paperPrice(o.side, o.quantity, quoteOf(o.option.tradingSymbol), band);
      openLegs.push({
        mappingId: m.id,
        userId: m.userId,
        optionType: o.option.optionType,
        tradingSymbol: o.option.tradingSymbol,
        exchange: o.option.exchange,
        strikePaise: o.option.strikePaise,
        expiry: o.option.expiry,
        quantity: signedQuantityOf(o),
        entryPricePaise: averagePaise(priced.parts),
      });
      fills.push(...paperOrderFills(m, o.option.tradingSymbol, signOf(o.side), priced, slicesOf(o.quantity), next));
    }
    if (decision.action !== 'squareOff') {
      atm.push({
        mappingId: m.id,
        atmPaise: decision.atmPaise,
        positionVersion: m.positionVersion,
        anchor: typeOfState(m).storage,
      });
    }
  }
  return { closeLegIds, shrinkLegs, openLegs, fills, atm, at };
}

/**
 * A slice refused for some of its strategies only is written again without them, once, so one strategy does
 * not cost up to a slice of others their close: strategies deleted while the close decided (by hand: the
 * API refuses to delete a running strategy), or traded meanwhile by another console that took their lock
 * when this one's lock connection dropped (stale-position.ts). Null: not that kind of refusal.
 */
async function withoutRefused(
  deps: PaperExecutionDeps,
  slice: Plan[],
  why: unknown,
  stale: number[],
): Promise<Plan[] | null> {
  // A leg another console closed first (its lock lost under it): the strategy that held it was traded there.
  if (why instanceof LegAlreadyClosedError) {
    const holder = slice.find((p) => closesOf(p.decision).some((l) => l.id === why.legId));
    if (holder) return withoutRefused(deps, slice, new StalePositionError([holder.mapping.id]), stale);
  }
  if (why instanceof StalePositionError) {
    const moved = new Set(why.mappingIds);
    deps.logger.warn(
      { mappingIds: why.mappingIds },
      'strategies traded elsewhere mid-close; their slice written again',
    );
    stale.push(...why.mappingIds);
    return slice.filter((p) => !moved.has(p.mapping.id));
  }
  if (!isReferenceViolation(why)) return null;
  const living = await deps.repo.existingMappingIds(slice.map((p) => p.mapping.id));
  if (living.size === slice.length) return null;
  deps.logger.warn({ vanished: slice.length - living.size }, 'strategies deleted mid-close; their slice written again');
  return slice.filter((p) => living.has(p.mapping.id));
}

/**
 * Paper trading (DESIGN §7): every mapping of a candle close filled at its quote's bids and offers, in slices of
 * mappings written side by side, each slice one transaction (all or nothing for its mappings, so a crash
 * can neither lose nor double one strategy's fill). Returns the mappings skipped for want of a quote and
 * those another console traded meanwhile (`stale`); a slice that could not be written is thrown once the
 * others are booked.
 */
export async function executePaper(
  deps: PaperExecutionDeps,
  plans: Plan[],
  at: number,
): Promise<{ skipped: number[]; stale: number[] }> {
  const skipped: number[] = [];
  const stale: number[] = [];
  if (plans.length === 0) return { skipped, stale };
  const keys = new Set<string>();
  for (const { decision } of plans) {
    for (const l of closesOf(decision)) keys.add(quoteKey(l.exchange, l.tradingSymbol));
    for (const o of opensOf(decision)) keys.add(quoteKey(o.option.exchange, o.option.tradingSymbol));
  }
  const quoted = await deps.chain.optionQuotes([...keys]).catch((err: unknown) => {
    throw new QuotesUnavailableError(
      plans.map((p) => p.mapping.id),
      marketDataFailure(err).message,
    );
  });
  // Symbols are unique within NFO; one lookup table by symbol keeps the loop below cheap.
  const quotes = new Map<string, OptionQuote>();
  for (const [k, v] of quoted) quotes.set(k.slice(k.indexOf(':') + 1), v);
  const tradable: Plan[] = [];
  const byMapping = new Map<number, MappingState>();
  for (const plan of plans) {
    const { mapping: m, decision } = plan;
    if (
      closesOf(decision).some((l) => !quotes.has(l.tradingSymbol)) ||
      opensOf(decision).some((o) => !quotes.has(o.option.tradingSymbol))
    ) {
      deps.logger.warn({ mappingId: m.id }, 'no quote for an option; decision skipped');
      skipped.push(m.id);
      continue;
    }
    tradable.push(plan);
    byMapping.set(m.id, m);
  }
  const date = iso(at);
  const transactions: TransactionDto[] = [];
  const write = (slice: Plan[]) =>
    deps.repo.applyPaperFills(paperFillsOf(slice, quotes, at)).then((written) => {
      for (const f of written) {
        const m = byMapping.get(f.mappingId);
        if (m) transactions.push(toTransactionDto(m, f, date));
      }
    });
  const slices = slicesByOwner(tradable, deps.paperSliceSize);
  const settled = await Promise.allSettled(slices.map(write));
  const refused: Array<{ slice: Plan[]; why: unknown }> = [];
  for (const [k, w] of settled.entries()) {
    if (w.status === 'fulfilled') continue;
    const slice = slices[k] ?? [];
    const retried = await withoutRefused(deps, slice, w.reason, stale);
    if (retried === null) refused.push({ slice, why: w.reason });
    else if (retried.length > 0) await write(retried).catch((why: unknown) => refused.push({ slice: retried, why }));
  }
  // Whatever was booked is told, even when another slice failed.
  if (transactions.length > 0) void deps.events.publish('fills.booked', { transactions });
  const [first] = refused;
  if (first) {
    const mappingIds = refused.flatMap((r) => r.slice.map((p) => p.mapping.id));
    throw new PaperSliceRefusedError(mappingIds, first.why);
  }
  return { skipped, stale };
}
