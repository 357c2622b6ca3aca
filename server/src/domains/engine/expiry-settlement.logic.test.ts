import { describe, expect, it } from 'vitest';
import {
  hasSettled,
  intrinsicPaise,
  lastSettledDay,
  settlementFills,
  settlementInstant,
} from './expiry-settlement.logic.js';

describe('expiry settlement', () => {
  it('settles at 15:30 IST on the expiry day', () => {
    expect(new Date(settlementInstant('2026-11-24')).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(hasSettled('2026-11-24', Date.parse('2026-11-24T09:59:59Z'))).toBe(false);
    expect(hasSettled('2026-11-24', Date.parse('2026-11-24T10:00:00Z'))).toBe(true);
  });

  it('names the last day whose contracts have settled: yesterday until 15:30 IST, then today', () => {
    expect(lastSettledDay(Date.parse('2026-11-24T09:00:00Z'))).toBe('2026-11-23');
    expect(lastSettledDay(Date.parse('2026-11-24T10:00:00Z'))).toBe('2026-11-24');
    // 00:30 IST on the 25th is still the 24th in UTC: the IST day counts.
    expect(lastSettledDay(Date.parse('2026-11-24T19:00:00Z'))).toBe('2026-11-24');
  });

  it('values calls and puts at what they are in the money, never below zero', () => {
    expect(intrinsicPaise('CE', 2460000, 2465000)).toBe(5000);
    expect(intrinsicPaise('CE', 2460000, 2455000)).toBe(0);
    expect(intrinsicPaise('PE', 2440000, 2430000)).toBe(10000);
    expect(intrinsicPaise('PE', 2440000, 2450000)).toBe(0);
  });

  it('buys back a short leg at its intrinsic value', () => {
    const legs = [
      { id: 1, tradingSymbol: 'NIFTY25DEC24600CE', optionType: 'CE' as const, strikePaise: 2460000, quantity: 75 },
      { id: 2, tradingSymbol: 'NIFTY25DEC24400PE', optionType: 'PE' as const, strikePaise: 2440000, quantity: 75 },
    ];
    expect(settlementFills(legs, 2465000)).toEqual([
      { legId: 1, tradingSymbol: 'NIFTY25DEC24600CE', quantity: -75, pricePaise: 5000 },
      { legId: 2, tradingSymbol: 'NIFTY25DEC24400PE', quantity: -75, pricePaise: 0 },
    ]);
  });

  it('sells a bought leg at its intrinsic value: an ITM long is paid it, an OTM one expires worthless', () => {
    const legs = [
      { id: 3, tradingSymbol: 'NIFTY25DEC24600CE', optionType: 'CE' as const, strikePaise: 2460000, quantity: -75 },
      { id: 4, tradingSymbol: 'NIFTY25DEC24400PE', optionType: 'PE' as const, strikePaise: 2440000, quantity: -75 },
    ];
    const fills = settlementFills(legs, 2465000);
    expect(fills).toEqual([
      { legId: 3, tradingSymbol: 'NIFTY25DEC24600CE', quantity: 75, pricePaise: 5000 },
      { legId: 4, tradingSymbol: 'NIFTY25DEC24400PE', quantity: 75, pricePaise: 0 },
    ]);
    // Cash in (SPEC's sign: quantity × price, + for a sale): the long call collects 75 × ₹50.
    expect(fills.reduce((cash, f) => cash + f.quantity * f.pricePaise, 0)).toBe(375_000);
  });
});
