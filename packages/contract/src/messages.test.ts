import { describe, expect, it } from 'vitest';
import { portfolioCapReachedStart } from './messages.js';

describe('a Start refused while the portfolio is beyond a cap (issue 34 item 4)', () => {
  const delta = { name: 'net delta', figure: '412', cap: '300', isAdminCap: false };
  const vega = { name: 'net vega', figure: '−₹1,786.54', cap: '₹1,500.00', isAdminCap: true };

  it('names the cap and the figures, and tells the trader what to do', () => {
    expect(portfolioCapReachedStart([delta])).toBe(
      'Net delta is 412 against your cap of 300; reduce exposure or raise the cap first',
    );
    expect(portfolioCapReachedStart([delta, vega])).toBe(
      'Net delta is 412 against your cap of 300 and net vega is −₹1,786.54 against the cap of ₹1,500.00 an admin set; ' +
        'reduce exposure or raise the caps first',
    );
  });

  it('does not tell the trader to raise a cap only an admin can', () => {
    expect(portfolioCapReachedStart([vega])).toBe(
      'Net vega is −₹1,786.54 against the cap of ₹1,500.00 an admin set; reduce exposure first (only an admin can raise that cap)',
    );
  });
});
