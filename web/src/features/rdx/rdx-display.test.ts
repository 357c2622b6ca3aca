import { describe, expect, it } from 'vitest';
import { heldSizeNote, ATM_NOT_SET, rupeesText, strikeTexts } from './rdx-display';

describe('strikeTexts', () => {
  it('shows ATM ± offset in Indian grouping', () => {
    expect(strikeTexts(122500, 250.5)).toEqual({ atm: '1,22,500', ce: '1,22,750.5', pe: '1,22,249.5' });
    expect(strikeTexts(22500, -50)).toEqual({ atm: '22,500', ce: '22,450', pe: '22,550' });
  });

  it('shows no strikes before the first ATM, never a negative one', () => {
    expect(strikeTexts(0, 50)).toEqual({ atm: ATM_NOT_SET, ce: ATM_NOT_SET, pe: ATM_NOT_SET });
    expect(strikeTexts(100, 500)).toEqual({ atm: '100', ce: '600', pe: 'none' });
  });

  it('formats rupees without a currency sign', () => {
    expect(rupeesText(-1500)).toBe('-1,500');
  });
});

describe('heldSizeNote', () => {
  const leg = (option_type: 'CE' | 'PE', quantity: number) => ({
    trading_symbol: `X${option_type}`,
    option_type,
    strike: 100,
    expiry: '2026-12-01',
    quantity,
  });
  const mapping = (legs: ReturnType<typeof leg>[]) => ({ ce_count: 1, pe_count: 1, lot_size: 50, open_legs: legs });

  it('says the legs held are another size than the lot count, and that Realign resizes them', () => {
    expect(heldSizeNote(mapping([leg('CE', 50), leg('PE', 50)]), 2)).toBe('Holding 1 lot a leg: Realign resizes to 2');
    expect(heldSizeNote(mapping([leg('CE', 100), leg('PE', 100)]), 1)).toBe(
      'Holding 2 lots a leg: Realign resizes to 1',
    );
    expect(heldSizeNote(mapping([leg('CE', 50), leg('PE', 100)]), 1)).toBe(
      'Holding other quantities than configured: Realign resizes',
    );
  });

  it('names a side held though now set to 0, or configured though not held, whatever the other side holds', () => {
    const ceOff = { ...mapping([leg('CE', 100), leg('PE', 100)]), ce_count: 0 };
    expect(heldSizeNote(ceOff, 2)).toBe('Holding CE, now set to 0: Realign buys it back');
    expect(heldSizeNote(mapping([leg('CE', 50)]), 1)).toBe('Holding no PE, though configured: Realign sells it');
  });

  it('says nothing when they match or nothing is held', () => {
    expect(heldSizeNote(mapping([leg('CE', 100), leg('PE', 100)]), 2)).toBeNull();
    expect(heldSizeNote(mapping([]), 2)).toBeNull();
  });
});
