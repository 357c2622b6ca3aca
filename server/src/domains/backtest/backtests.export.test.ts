import type { BacktestTrade } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { tradeCells, tradesCsv } from './backtests.export.js';

const trade = (over: Partial<BacktestTrade> = {}): BacktestTrade => ({
  time: '2026-11-25T04:00:00.000Z',
  trading_symbol: 'NIFTY26D0124500CE',
  side: 'SELL',
  quantity: 65,
  price: 80.5,
  charges: 1.2,
  reason: 'entry',
  ...over,
});

describe("a backtest's CSV", () => {
  it('writes a fill as the JSON has it: signed quantity, rupees with two decimals', () => {
    expect(tradeCells(trade())).toEqual([
      '2026-11-25T04:00:00.000Z',
      'NIFTY26D0124500CE',
      'SELL',
      '65',
      '80.50',
      '1.20',
      'entry',
    ]);
    expect(tradeCells(trade({ side: 'BUY', quantity: -65, price: 1234567.05, charges: 0 })).slice(2, 6)).toEqual([
      'BUY',
      '-65',
      '1234567.05',
      '0.00',
    ]);
  });

  it('is the header and one CRLF-terminated record per fill; a run without fills is the header alone', () => {
    expect(tradesCsv([])).toBe('time,trading_symbol,side,quantity,price,charges,reason\r\n');
    expect(tradesCsv([trade(), trade({ reason: 'expiry settlement' })]).split('\r\n')).toEqual([
      'time,trading_symbol,side,quantity,price,charges,reason',
      '2026-11-25T04:00:00.000Z,NIFTY26D0124500CE,SELL,65,80.50,1.20,entry',
      '2026-11-25T04:00:00.000Z,NIFTY26D0124500CE,SELL,65,80.50,1.20,expiry settlement',
      '',
    ]);
  });

  it('keeps text a spreadsheet would run as a formula inert, and quotes what holds a comma', () => {
    const line = tradesCsv([trade({ trading_symbol: '=HYPERLINK("x")', reason: '@cmd, then more' })]).split('\r\n')[1];
    expect(line).toBe(`2026-11-25T04:00:00.000Z,"'=HYPERLINK(""x"")",SELL,65,80.50,1.20,"'@cmd, then more"`);
  });
});
