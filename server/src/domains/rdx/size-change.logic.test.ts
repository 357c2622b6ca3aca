import { describe, expect, it } from 'vitest';
import { decideManualRealign, decideOnCandle, type ChainOption, type OpenLeg, type RdxInputs } from './rdx.logic.js';
import { buyBackDownTo, tradeOnlyTheDifference } from './size-change.logic.js';

/*
 * Issue 28: a lot-count change on a strike already held trades only the difference, never the whole leg
 * bought back and the new size sold again in the same second.
 */

const rupees = (r: number) => r * 100;
/** NIFTY's lot from the January 2026 expiries (NSE circular NSE/FAOP/70616). */
const LOT = 65;
const EXPIRY = '2026-12-01';
const MON_1030_IST = Date.parse('2026-11-23T05:00:00Z');

const option = (optionType: 'CE' | 'PE', strike: number, token = strike): ChainOption => ({
  tradingSymbol: `NIFTY20261201${strike}${optionType}`,
  exchange: 'NFO',
  strikePaise: rupees(strike),
  expiry: EXPIRY,
  optionType,
  lotSize: LOT,
  instrumentToken: token,
});

const CHAIN: ChainOption[] = [];
for (let strike = 24000; strike <= 25000; strike += 50)
  CHAIN.push(option('CE', strike), option('PE', strike, strike + 100_000));

const leg = (id: number, optionType: 'CE' | 'PE', strike: number, lots: number): OpenLeg => ({
  id,
  optionType,
  tradingSymbol: `NIFTY20261201${strike}${optionType}`,
  exchange: 'NFO',
  strikePaise: rupees(strike),
  expiry: EXPIRY,
  quantity: lots * LOT,
});

function inputs(legs: OpenLeg[], lotCount: number, pricePaise = rupees(24530)): RdxInputs {
  return {
    chain: CHAIN,
    legs,
    pricePaise,
    at: MON_1030_IST,
    instrument: {
      lotSize: LOT,
      hours: { marketOpenTime: '09:15', marketCloseTime: '15:30', timezone: 'Asia/Kolkata', tradingDays: '1,2,3,4,5' },
    },
    mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null, runningStatus: 1 },
    config: { lotCount, atmPaise: rupees(24500), offsetPaise: rupees(100) },
  };
}

/** A decision's orders as a trader reads them: side, symbol, lots (and "of N" for a leg bought back in part). */
function ordersOf(d: ReturnType<typeof decideOnCandle>): string[] {
  if (d.action === 'hold') return [`hold: ${d.reason}`];
  const closes = d.action === 'enter' ? [] : d.close;
  const opens = d.action === 'squareOff' ? [] : d.open;
  return [
    ...closes.map(
      (l) => `BUY ${l.tradingSymbol} ${l.quantity / LOT}${l.heldQuantity ? ` of ${l.heldQuantity / LOT}` : ''}`,
    ),
    ...opens.map((o) => `SELL ${o.option.tradingSymbol} ${o.quantity / LOT}`),
  ];
}

describe('a lot-count change on the strikes held, at the next candle close', () => {
  const held = (lots: number) => [leg(1, 'CE', 24600, lots), leg(2, 'PE', 24400, lots)];

  it('from 3 lots to 1 buys back 2 lots of each side, nothing sold again', () => {
    expect(ordersOf(decideOnCandle(inputs(held(3), 1)))).toEqual([
      'BUY NIFTY2026120124600CE 2 of 3',
      'BUY NIFTY2026120124400PE 2 of 3',
    ]);
  });

  it('from 1 lot to 3 sells 2 more lots of each side, nothing bought back', () => {
    expect(ordersOf(decideOnCandle(inputs(held(1), 3)))).toEqual([
      'SELL NIFTY2026120124600CE 2',
      'SELL NIFTY2026120124400PE 2',
    ]);
  });

  it('at the configured size trades nothing', () => {
    expect(ordersOf(decideOnCandle(inputs(held(2), 2)))).toEqual(['hold: within threshold']);
  });
});

describe('a Realign by hand', () => {
  it('at an unchanged ATM with a new lot count trades only the difference', () => {
    const d = decideManualRealign(inputs([leg(1, 'CE', 24600, 3), leg(2, 'PE', 24400, 3)], 1, rupees(24510)));
    expect(d.action).toBe('realign');
    expect(ordersOf(d)).toEqual(['BUY NIFTY2026120124600CE 2 of 3', 'BUY NIFTY2026120124400PE 2 of 3']);
  });

  it('at a new ATM closes the old strikes and opens the new ones in full', () => {
    const d = decideManualRealign(inputs([leg(1, 'CE', 24600, 3), leg(2, 'PE', 24400, 3)], 1, rupees(24720)));
    expect(ordersOf(d)).toEqual([
      'BUY NIFTY2026120124600CE 3',
      'BUY NIFTY2026120124400PE 3',
      'SELL NIFTY2026120124800CE 1',
      'SELL NIFTY2026120124600PE 1',
    ]);
  });

  it('where legs already sit as a realign would put them has nothing to trade', () => {
    const d = decideManualRealign(inputs([leg(1, 'CE', 24600, 2), leg(2, 'PE', 24400, 2)], 2, rupees(24510)));
    expect(d).toMatchObject({ action: 'realign', close: [], open: [] });
  });
});

describe('tradeOnlyTheDifference', () => {
  const ce = option('CE', 24600);
  const pe = option('PE', 24400);

  it('keeps a strike change as a full close and a full open', () => {
    const netted = tradeOnlyTheDifference(
      [leg(1, 'CE', 24600, 2)],
      [{ option: option('CE', 24650), side: 'SELL', quantity: LOT }],
    );
    expect(netted.close).toEqual([leg(1, 'CE', 24600, 2)]);
    expect(netted.open).toEqual([{ option: option('CE', 24650), side: 'SELL', quantity: LOT }]);
  });

  it('never nets a bought leg or a BUY order: the long closes whole and the BUY opens as it is', () => {
    const bought = { ...leg(1, 'CE', 24600, 1), quantity: -LOT };
    const netted = tradeOnlyTheDifference([bought], [{ option: ce, side: 'SELL', quantity: LOT }]);
    expect(netted).toEqual({ close: [bought], open: [{ option: ce, side: 'SELL', quantity: LOT }] });
    const buy = { option: ce, side: 'BUY' as const, quantity: LOT };
    expect(tradeOnlyTheDifference([leg(2, 'CE', 24600, 1)], [buy])).toEqual({
      close: [leg(2, 'CE', 24600, 1)],
      open: [buy],
    });
  });

  it('nets one contract and leaves the other side as it was', () => {
    const netted = tradeOnlyTheDifference(
      [leg(1, 'CE', 24600, 3), leg(2, 'PE', 24450, 3)],
      [
        { option: ce, side: 'SELL', quantity: LOT },
        { option: pe, side: 'SELL', quantity: LOT },
      ],
    );
    expect(netted.close).toEqual([{ ...leg(1, 'CE', 24600, 2), heldQuantity: 3 * LOT }, leg(2, 'PE', 24450, 3)]);
    expect(netted.open).toEqual([{ option: pe, side: 'SELL', quantity: LOT }]);
  });

  it('sells one order for what is missing of a contract held in several legs', () => {
    const netted = tradeOnlyTheDifference(
      [leg(1, 'CE', 24600, 1), leg(2, 'CE', 24600, 1)],
      [{ option: ce, side: 'SELL', quantity: 5 * LOT }],
    );
    expect(netted).toEqual({ close: [], open: [{ option: ce, side: 'SELL', quantity: 3 * LOT }] });
  });
});

describe('buyBackDownTo', () => {
  it('buys back the newest legs first, shrinking the one that holds more than is left to buy back', () => {
    const legs = [leg(1, 'CE', 24600, 2), leg(2, 'CE', 24600, 1), leg(3, 'CE', 24600, 2)];
    // 5 lots held, 1 kept: leg 3 (2 lots) and leg 2 (1 lot) close, leg 1 gives 1 of its 2.
    expect(buyBackDownTo(legs, LOT)).toEqual([
      { ...leg(1, 'CE', 24600, 1), heldQuantity: 2 * LOT },
      leg(2, 'CE', 24600, 1),
      leg(3, 'CE', 24600, 2),
    ]);
  });

  it('buys back nothing when no more than `keep` is held, and everything for keep 0', () => {
    const legs = [leg(1, 'CE', 24600, 2)];
    expect(buyBackDownTo(legs, 2 * LOT)).toEqual([]);
    expect(buyBackDownTo(legs, 3 * LOT)).toEqual([]);
    expect(buyBackDownTo(legs, 0)).toEqual(legs);
  });
});
