import { describe, expect, it } from 'vitest';
import { legsTheBrokerDoesNotHold, unheldReason } from './close-guard.js';

const leg = (id: number, tradingSymbol: string, quantity: number) => ({
  id,
  optionType: 'CE' as const,
  tradingSymbol,
  exchange: 'NFO',
  strikePaise: 2_450_000,
  expiry: '2026-12-24',
  quantity,
});
const held = (tradingsymbol: string, quantity: number) => ({ exchange: 'NFO', tradingsymbol, quantity });

describe('legs the broker does not hold', () => {
  it('buys back a leg the broker still holds short, in full or more', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', -65)])).toEqual([]);
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', -130)])).toEqual([]);
  });

  it('holds back a leg the trader closed at the broker by hand: buying it would open a long', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [])).toEqual([{ leg: leg(1, 'X', 65), brokerHeld: 0 }]);
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', 0)])).toHaveLength(1);
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', 65)])).toEqual([
      { leg: leg(1, 'X', 65), brokerHeld: 0 },
    ]);
  });

  it('holds back a leg the broker holds only part of', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', -30)])).toEqual([
      { leg: leg(1, 'X', 65), brokerHeld: 30 },
    ]);
  });

  it('shares what the broker holds between legs of one symbol, in order', () => {
    const legs = [leg(1, 'X', 65), leg(2, 'X', 65), leg(3, 'Y', 65)];
    expect(legsTheBrokerDoesNotHold(legs, [held('X', -65), held('Y', -65)])).toEqual([
      { leg: leg(2, 'X', 65), brokerHeld: 0 },
    ]);
  });

  it('adds up one symbol held in several products, and tells exchanges apart', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [held('X', -30), held('X', -35)])).toEqual([]);
    expect(
      legsTheBrokerDoesNotHold([leg(1, 'X', 65)], [{ exchange: 'BFO', tradingsymbol: 'X', quantity: -65 }]),
    ).toHaveLength(1);
  });

  it('says what differs and that nothing was sent', () => {
    expect(unheldReason({ leg: leg(1, 'NIFTY26DEC24500CE', 65), brokerHeld: 0 }, 'Kite')).toBe(
      'not bought back: the broker holds no short of NIFTY26DEC24500CE, not the 65 this strategy sold ' +
        '(closed at the broker by hand?); nothing was sent, so no position was opened. Bought back in Kite? ' +
        'Match the broker from the mismatch banner (it shows both sides), then exit again',
    );
    expect(unheldReason({ leg: leg(1, 'X', 65), brokerHeld: 30 }, 'Kite')).toContain('holds only 30 short of X');
  });

  it('asks the broker for only the part of a leg a lowered lot count buys back (issue 28)', () => {
    const part = { ...leg(1, 'X', 130), heldQuantity: 195 };
    expect(legsTheBrokerDoesNotHold([part], [held('X', -130)])).toEqual([]);
    expect(unheldReason({ leg: part, brokerHeld: 65 }, 'Kite')).toContain(
      'holds only 65 short of X, not the 130 this strategy buys back of the 195 it sold',
    );
  });

  it('sells a bought leg only while the broker is still long it, and words it as a sale', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', -65)], [held('X', 65)])).toEqual([]);
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', -65)], [held('X', -65)])).toEqual([
      { leg: leg(1, 'X', -65), brokerHeld: 0 },
    ]);
    expect(unheldReason({ leg: leg(1, 'X', -65), brokerHeld: 30 }, 'Kite')).toBe(
      'not sold: the broker holds only 30 long of X, not the 65 this strategy bought (closed at the broker by ' +
        'hand?); nothing was sent, so no position was opened. Sold in Kite? Match the broker from the mismatch ' +
        'banner (it shows both sides), then exit again',
    );
  });

  it('uses up what the broker holds on each leg side as the legs close, in order', () => {
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', -65), leg(2, 'X', -65)], [held('X', 130)])).toEqual([]);
    expect(legsTheBrokerDoesNotHold([leg(1, 'X', -65), leg(2, 'X', -65)], [held('X', 100)])).toEqual([
      { leg: leg(2, 'X', -65), brokerHeld: 35 },
    ]);
  });
});
