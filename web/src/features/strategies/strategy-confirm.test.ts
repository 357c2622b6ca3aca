import { MSG } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { actionConfirmation, sellQuantities } from './strategy-confirm';

const leg = (trading_symbol: string, option_type: 'CE' | 'PE', strike: number, quantity: number) => ({
  trading_symbol,
  option_type,
  strike,
  expiry: '2026-12-29',
  quantity,
});

/** One NIFTY lot of December 2026's monthly contracts (65 from the January 2026 expiries). */
const LOT = 65;
const live = mappingFixture({
  is_dummy: 0,
  ce_count: 1,
  pe_count: 1,
  lot_size: LOT,
  open_legs: [leg('NIFTY26DEC25000CE', 'CE', 25000, LOT), leg('NIFTY26DEC24900PE', 'PE', 24900, LOT)],
});

describe('actionConfirmation', () => {
  it('names the legs a LIVE exit buys back', () => {
    expect(actionConfirmation('exit', live, 1)).toBe(
      'Exit this LIVE strategy? Buys back 65 NIFTY26DEC25000CE and 65 NIFTY26DEC24900PE at market.',
    );
  });

  it('says a LIVE exit without legs only stops it', () => {
    expect(actionConfirmation('exit', { ...live, open_legs: [] }, 1)).toBe(
      'Exit this LIVE strategy? It holds no open positions, so it only stops.',
    );
  });

  it('keeps SPEC’s simple question for a paper exit and asks nothing for a paper realign', () => {
    const paper = { ...live, is_dummy: 1 };
    expect(actionConfirmation('exit', paper, 1)).toBe(MSG.confirmExitStrategy);
    expect(actionConfirmation('realign', paper, 40)).toBeNull();
  });

  it('names what a LIVE realign closes and what it sells: count × lot count × lot size per side', () => {
    const m = { ...live, ce_count: 2, pe_count: 1 };
    expect(sellQuantities(m, 40)).toEqual({ ce: 2 * 40 * LOT, pe: 40 * LOT });
    expect(actionConfirmation('realign', m, 40)).toBe(
      'Realign this LIVE strategy? Buys back 65 NIFTY26DEC25000CE and 65 NIFTY26DEC24900PE, then sells 5,200 CE ' +
        'and 2,600 PE at the current ATM (count × 40 lots × lot size 65), at market.',
    );
  });

  it('lists three legs with commas and leaves out a side with count 0', () => {
    const m = {
      ...live,
      pe_count: 0,
      open_legs: [...live.open_legs, leg('NIFTY26DEC25100CE', 'CE', 25100, 20 * LOT)],
    };
    expect(actionConfirmation('realign', { ...m, open_legs: [] }, 1)).toBe(
      'Realign this LIVE strategy? It sells 65 CE at the current ATM (count × 1 lot × lot size 65), at market.',
    );
    expect(actionConfirmation('exit', m, 1)).toBe(
      'Exit this LIVE strategy? Buys back 65 NIFTY26DEC25000CE, 65 NIFTY26DEC24900PE and 1,300 NIFTY26DEC25100CE at market.',
    );
  });

  it('asks nothing before start, pause or resume', () => {
    for (const action of ['start', 'pause', 'resume'] as const) expect(actionConfirmation(action, live, 1)).toBeNull();
  });
});
