import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../../test/provider-fixtures.js';
import type { KiteQuote } from '../../protocols/kite-rest-client.js';
import { toOptionQuote } from '../market-data/adapters/kite-source.js';
import type { OptionQuote, QuoteLevel } from '../market-data/option-chain.service.js';
import { protectionBoundPaise } from '../market-rules/market-protection.logic.js';
import {
  averagePaise,
  MODEL_SPREAD_PAISE,
  modelPricePaise,
  OPTION_TICK_PAISE,
  paperPrice,
  type PricedPart,
} from './paper-price.js';

/*
 * Issue 28 item 3: a paper fill is priced as a live market order at the same moment would fill: a sell at the
 * bids, a buy at the offers, walked for the quantity; with no depth, the stated spread model.
 */

const tick = OPTION_TICK_PAISE;
const units = (parts: readonly PricedPart[]) => parts.reduce((s, p) => s + p.quantity, 0);
const value = (parts: readonly PricedPart[]) => parts.reduce((s, p) => s + p.quantity * p.pricePaise, 0);

/** A quote as the exchange shows one: last price on the tick, up to five levels a side, a tick or more apart. */
const quoteArb: fc.Arbitrary<OptionQuote> = fc
  .record({
    lastTicks: fc.integer({ min: 2, max: 40_000 }),
    bidGaps: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }),
    askGaps: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }),
    bidSizes: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 5, maxLength: 5 }),
    askSizes: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ lastTicks, bidGaps, askGaps, bidSizes, askSizes }) => {
    const side = (gaps: number[], sizes: number[], sign: -1 | 1): QuoteLevel[] => {
      let at = lastTicks;
      return gaps
        .map((g, k) => {
          at += sign * g;
          return { pricePaise: at * tick, quantity: sizes[k] ?? 1 };
        })
        .filter((l) => l.pricePaise > 0);
    };
    return { lastPaise: lastTicks * tick, bids: side(bidGaps, bidSizes, -1), asks: side(askGaps, askSizes, 1) };
  })
  .filter((q) => q.bids.length > 0);

const quantityArb = fc.integer({ min: 1, max: 30 }).map((lots) => lots * 65);

describe('paper fill prices', () => {
  it('a paper sell is never above the best bid, a buy never below the best ask; every unit priced on the tick', () => {
    fc.assert(
      fc.property(quoteArb, quantityArb, (quote, quantity) => {
        const sell = paperPrice('SELL', quantity, quote);
        const buy = paperPrice('BUY', quantity, quote);
        const bestBid = Math.max(...quote.bids.map((l) => l.pricePaise));
        const bestAsk = Math.min(...quote.asks.map((l) => l.pricePaise));
        expect(sell.source).toBe('quote_depth');
        expect(buy.source).toBe('quote_depth');
        for (const p of sell.parts) expect(p.pricePaise).toBeLessThanOrEqual(bestBid);
        for (const p of buy.parts) expect(p.pricePaise).toBeGreaterThanOrEqual(bestAsk);
        for (const p of [...sell.parts, ...buy.parts]) expect(p.pricePaise % tick).toBe(0);
        expect(units(sell.parts)).toBe(quantity);
        expect(units(buy.parts)).toBe(quantity);
      }),
    );
  });

  it('walks the depth best first, as much from each level as it shows; beyond the five levels, at the last', () => {
    const quote: OptionQuote = {
      lastPaise: 8_050,
      bids: [
        { pricePaise: 8_045, quantity: 130 },
        { pricePaise: 8_040, quantity: 65 },
      ],
      asks: [{ pricePaise: 8_055, quantity: 65 }],
    };
    expect(paperPrice('SELL', 65, quote)).toEqual({
      parts: [{ quantity: 65, pricePaise: 8_045 }],
      source: 'quote_depth',
    });
    expect(paperPrice('SELL', 260, quote).parts).toEqual([
      { quantity: 130, pricePaise: 8_045 },
      { quantity: 130, pricePaise: 8_040 },
    ]);
    expect(paperPrice('BUY', 130, quote).parts).toEqual([{ quantity: 130, pricePaise: 8_055 }]);
    // A leg's entry price is the parts' average to the paisa; P&L is made of the parts.
    expect(averagePaise([...paperPrice('SELL', 260, quote).parts])).toBe(8_043);
  });

  it('stops at the market-protection band as live does: levels beyond it are not taken, the rest fills at the bound', () => {
    const quote: OptionQuote = {
      lastPaise: 10_000,
      bids: [
        { pricePaise: 9_990, quantity: 65 },
        { pricePaise: 9_700, quantity: 65 },
        { pricePaise: 9_500, quantity: 650 },
      ],
      asks: [{ pricePaise: 10_300, quantity: 65 }],
    };
    // 2 %: a sale takes bids down to ₹98.00; live's rest would rest there, and fill there at worst.
    expect(paperPrice('SELL', 260, quote, 2).parts).toEqual([
      { quantity: 65, pricePaise: 9_990 },
      { quantity: 195, pricePaise: 9_800 },
    ]);
    // The book shown runs out inside the band: the rest fills at the last level, as without protection.
    expect(paperPrice('BUY', 130, quote, 3).parts).toEqual([{ quantity: 130, pricePaise: 10_300 }]);
    expect(paperPrice('BUY', 130, quote, 1).parts).toEqual([{ quantity: 130, pricePaise: 10_100 }]);
    // Without protection the walk takes the deeper levels at their prices.
    expect(paperPrice('SELL', 260, quote, null).parts).toEqual([
      { quantity: 65, pricePaise: 9_990 },
      { quantity: 65, pricePaise: 9_700 },
      { quantity: 130, pricePaise: 9_500 },
    ]);
  });

  it('a protected paper fill fills every unit, none beyond the bound, and is never worse than without protection', () => {
    fc.assert(
      fc.property(
        quoteArb,
        quantityArb,
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
        (quote, quantity, percent, side) => {
          fc.pre((side === 'BUY' ? quote.asks : quote.bids).length > 0);
          const bound = protectionBoundPaise(side, quote.lastPaise, percent);
          const priced = paperPrice(side, quantity, quote, percent);
          const free = paperPrice(side, quantity, quote);
          for (const p of priced.parts)
            expect(side === 'BUY' ? p.pricePaise <= bound : p.pricePaise >= bound).toBe(true);
          expect(units(priced.parts)).toBe(quantity);
          // The band only ever stops a walk that would have gone on to worse prices.
          if (side === 'SELL') expect(value(priced.parts)).toBeGreaterThanOrEqual(value(free.parts));
          else expect(value(priced.parts)).toBeLessThanOrEqual(value(free.parts));
        },
      ),
    );
  });

  it('with no depth the stated model: half its spread against the trader, from the last price', () => {
    const bare = (lastPaise: number): OptionQuote => ({ lastPaise, bids: [], asks: [] });
    expect(MODEL_SPREAD_PAISE).toBe(10);
    expect(paperPrice('SELL', 65, bare(8_050))).toEqual({
      parts: [{ quantity: 65, pricePaise: 8_045 }],
      source: 'spread_model',
    });
    expect(paperPrice('BUY', 65, bare(8_050)).parts).toEqual([{ quantity: 65, pricePaise: 8_055 }]);
    // Never below the smallest price an option trades at.
    expect(modelPricePaise('SELL', 5)).toBe(5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), (last) => {
        const sell = modelPricePaise('SELL', last);
        const buy = modelPricePaise('BUY', last);
        expect(sell % tick).toBe(0);
        expect(buy % tick).toBe(0);
        expect(sell).toBeGreaterThanOrEqual(tick);
        expect(buy - sell).toBeLessThanOrEqual(MODEL_SPREAD_PAISE + tick);
        if (last >= 2 * tick) expect(sell).toBeLessThan(last);
        expect(buy).toBeGreaterThan(last);
      }),
    );
  });

  it("paper and live at the same instant differ per unit by no more than the model's spread", () => {
    // Live: a market order walks the market's real depth. Paper sees that quote (depth known) or only its last
    // price (depth unknown: the model). In a market whose best bid and offer sit within the model's spread of the
    // last price, both land within the model's spread of the live fill, per unit, for an order the best level holds.
    fc.assert(
      fc.property(
        quoteArb,
        fc.boolean(),
        fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
        (market, depthKnown, side) => {
          const best = side === 'SELL' ? market.bids[0] : market.asks[0];
          fc.pre(best !== undefined && Math.abs(best.pricePaise - market.lastPaise) <= MODEL_SPREAD_PAISE);
          const quantity = best?.quantity ?? 1;
          const live = paperPrice(side, quantity, market);
          const seen = depthKnown ? market : { lastPaise: market.lastPaise, bids: [], asks: [] };
          const paper = paperPrice(side, quantity, seen);
          const perUnit = Math.abs(value(paper.parts) - value(live.parts)) / quantity;
          expect(perUnit).toBeLessThanOrEqual(depthKnown ? 0 : MODEL_SPREAD_PAISE);
        },
      ),
    );
  });

  it("reads Kite's quote as Kite sends it: a side padded with zero levels is a side with no depth", () => {
    // kiteconnect-mocks quote.json: no bids at all, one offer of 5,191 at ₹1,412.95.
    const kite = readJsonFixture<{ data: Record<string, KiteQuote> }>('kite', 'quote.json').data['NSE:INFY'];
    const quote = toOptionQuote(kite as KiteQuote);
    expect(quote).toEqual({ lastPaise: 141_295, bids: [], asks: [{ pricePaise: 141_295, quantity: 5_191 }] });
    expect(paperPrice('SELL', 100, quote)).toEqual({
      parts: [{ quantity: 100, pricePaise: 141_290 }],
      source: 'spread_model',
    });
    expect(paperPrice('BUY', 100, quote)).toEqual({
      parts: [{ quantity: 100, pricePaise: 141_295 }],
      source: 'quote_depth',
    });
  });
});
