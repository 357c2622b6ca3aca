/**
 * Option analytics' use cases (issue 34, docs/ANALYTICS.md): an index's chain with IVs and greeks, and a
 * strategy's payoff. The market's facts (chain, quotes, spot, holidays) come in through the deps; the maths is
 * in the *.logic.ts files beside this one.
 */
import {
  istDay,
  toRupees,
  type Instrument,
  type OptionChain,
  type Payoff,
  type PayoffRequest,
  type ChainQuery,
} from '@app/contract';
import { AppError, badRequest, notFound, upstreamFailed } from '../../platform/errors.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { InstrumentsService } from '../instruments/instruments.service.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { ChainOption, OptionChainService } from '../market-data/option-chain.service.js';
import { toChainStrike, toPayoff } from './analytics.presenter.js';
import {
  atmVol,
  chainRows,
  chainWindow,
  forwardPaise,
  listedExpiries,
  optionFigures,
  quoteKey,
  type PricingModel,
} from './chain-greeks.logic.js';
import { expiryCloseAt, TRADING_MINUTES_PER_YEAR, tradingMinutesBetween } from './expiry-time.logic.js';
import { legVols, toPayoffLegs } from './payoff-legs.logic.js';
import { strategyPayoff } from './payoff.logic.js';
import { riskFreeRateOn } from './risk-free-rates.js';

/** What one expiry's pricing stands on: the market now and the model's inputs. */
interface Market {
  instrument: Instrument;
  expiry: string;
  options: ChainOption[];
  spotPaise: number;
  model: PricingModel;
  /** The model's inputs as every reply states them. */
  inputs: Pick<OptionChain, 'underlying_price' | 'expiry' | 'rate' | 'rate_source' | 'minutes_to_expiry'>;
  expiries: string[];
  ltps: Map<string, number>;
}

export function createAnalyticsService(deps: {
  instruments: Pick<InstrumentsService, 'list'>;
  chains: Pick<OptionChainService, 'chainFor' | 'quotesPaise'>;
  /** The underlying's last price in paise by its instrument token, null when none. */
  spotPaise: (instrumentToken: string) => Promise<number | null>;
  holidays: HolidaySource;
  now: () => number;
}) {
  async function instrumentOf(id: number): Promise<Instrument> {
    const found = (await deps.instruments.list()).find((i) => i.id === id);
    if (!found) throw notFound(`Instrument ${id}`);
    return found;
  }

  /**
   * The chain, spot and model of `instrument`'s expiry (the nearest listed when none is named), with the last
   * prices of the options `toQuote` picks. A provider's failure is told in market data's words.
   */
  async function marketOf(
    instrument: Instrument,
    expiry: string | undefined,
    toQuote: (options: ChainOption[], expiry: string, spotPaise: number) => ChainOption[],
  ): Promise<Market> {
    const now = deps.now();
    const today = istDay(now);
    const holidays = new Set((await deps.holidays.holidaysFrom(today)).map((h) => h.date));
    try {
      const chain = await deps.chains.chainFor(instrument.ticker ?? '');
      if (chain.length === 0) throw badRequest(`${instrument.name} has no options listed at the exchange`);
      const expiries = listedExpiries(chain, today);
      const chosen = expiry ?? expiries[0];
      if (chosen === undefined || !expiries.includes(chosen)) {
        const listed = expiries.slice(0, 6).join(', ') || 'none';
        throw badRequest(`Expiry ${expiry ?? ''} is not listed for ${instrument.name} options; listed: ${listed}`);
      }
      const spotPaise = await deps.spotPaise(instrument.instrument_token);
      if (spotPaise === null) {
        throw upstreamFailed(`The exchange gave no last price for ${instrument.name}; try again shortly`);
      }
      const options = chain.filter((o) => o.expiry === chosen);
      const keys = toQuote(options, chosen, spotPaise).map(quoteKey);
      const ltps = keys.length === 0 ? new Map<string, number>() : await deps.chains.quotesPaise(keys);
      const minutes = tradingMinutesBetween(now, expiryCloseAt(chosen), holidays);
      const rate = riskFreeRateOn(today);
      return {
        instrument,
        expiry: chosen,
        options,
        spotPaise,
        model: { years: minutes / TRADING_MINUTES_PER_YEAR, rate: rate.percent / 100 },
        inputs: {
          underlying_price: toRupees(spotPaise),
          expiry: chosen,
          rate: rate.percent,
          rate_source: `${rate.source}; in force from ${rate.from}`,
          minutes_to_expiry: minutes,
        },
        expiries,
        ltps,
      };
    } catch (err) {
      throw err instanceof AppError ? err : marketDataFailure(err);
    }
  }

  return {
    /** ATM ± 10 listed strikes of an expiry with each option's LTP, IV and greeks. */
    async chain(instrumentId: number, query: ChainQuery): Promise<OptionChain> {
      const instrument = await instrumentOf(instrumentId);
      const m = await marketOf(instrument, query.expiry, (options, chosen, spot) => chainWindow(options, chosen, spot));
      const ltpOf = (o: Pick<ChainOption, 'exchange' | 'tradingSymbol'>) => m.ltps.get(quoteKey(o)) ?? null;
      const window = chainWindow(m.options, m.expiry, m.spotPaise);
      const forward = forwardPaise(window, ltpOf, m.spotPaise, m.model);
      const rows = chainRows(window, ltpOf, forward.paise, m.model);
      return { ...m.inputs, forward: toRupees(forward.paise), expiries: m.expiries, strikes: rows.map(toChainStrike) };
    },

    /**
     * A strategy's payoff at expiry and today. Today's curve prices each leg by Black-76 on S·e^{rT} (as the
     * payoff code does along its axis) at the IV its own last price gives on that same forward, so at today's
     * spot the curve marks each leg at its last price.
     */
    async payoff(body: PayoffRequest): Promise<Payoff> {
      const instrument = await instrumentOf(body.instrument_id);
      const legs = toPayoffLegs(body.legs, instrument.lot_size);
      const expiry = legs[0]!.expiry;
      const isLeg = (o: ChainOption) =>
        legs.some((l) => l.strikePaise === o.strikePaise && l.optionType === o.optionType);
      // The legs' own options, and the ATM window for the expiry's ATM IV when a leg has no quote.
      const m = await marketOf(instrument, expiry, (options, _expiry, spot) => [
        ...new Set([...options.filter(isLeg), ...chainWindow(options, expiry, spot, 0)]),
      ]);
      const forward = m.spotPaise * Math.exp(m.model.rate * Math.max(m.model.years, 0));
      const ltpOf = (o: Pick<ChainOption, 'exchange' | 'tradingSymbol'>) => m.ltps.get(quoteKey(o)) ?? null;
      const own = legs.map((l) => {
        const o = m.options.find((x) => x.strikePaise === l.strikePaise && x.optionType === l.optionType);
        return o ? optionFigures(l.optionType, l.strikePaise, ltpOf(o), forward, m.model).vol : null;
      });
      const atm = atmVol(
        chainRows(chainWindow(m.options, expiry, m.spotPaise, 0), ltpOf, forward, m.model),
        m.spotPaise,
      );
      const vols = legVols(own, atm, m.model.years);
      if (!vols) {
        throw upstreamFailed(
          `No implied volatility for ${instrument.name} ${expiry} options: the exchange gave no usable prices; try again shortly`,
        );
      }
      const result = strategyPayoff({
        legs: legs.map((l, i) => ({ ...l, vol: vols[i]!.vol })),
        today: { years: m.model.years, rate: m.model.rate, vol: 0 },
        underlyingPaise: m.spotPaise,
      });
      if ('reason' in result) throw badRequest(`Legs: ${result.detail}`);
      return { ...m.inputs, ...toPayoff(result, vols) };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
