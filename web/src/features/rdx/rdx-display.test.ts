import { describe, expect, it } from 'vitest';
import { ATM_NOT_SET, rupeesText, strikeTexts } from './rdx-display';

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
