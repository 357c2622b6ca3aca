import type { Mapping, SymbolPosition } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { holderLabel, symbolRowText } from './positions-by-symbol-display';

const row = (over: Partial<SymbolPosition> = {}): SymbolPosition => ({
  trading_symbol: 'NIFTY26D0124500CE',
  quantity: -130,
  average_price: 90,
  ltp: 80.5,
  ltp_is_stale: false,
  day_pnl: 1235,
  mtm: -650.25,
  mapping_ids: [3, 7],
  ...over,
});
const mapping = { id: 3, strategy_name: 'RDX', instrument_name: 'NIFTY', is_dummy: 1 } as Mapping;

describe('symbolRowText', () => {
  it('shows a short as negative, money in rupees with a sign and a colour, and names the strategies', () => {
    const t = symbolRowText(row(), new Map([[3, mapping]]));
    expect(t.quantity).toBe('−130');
    expect(t.isShort).toBe(true);
    expect(t.average).toMatch(/₹90\.00/);
    expect(t.ltp).toMatch(/₹80\.50/);
    expect(t.ltpNote).toBeNull();
    expect(t.dayPnl).toMatchObject({ text: expect.stringMatching(/^\+₹1,235\.00$/), tone: 'up' });
    expect(t.mtm).toEqual({ text: expect.stringMatching(/^−₹650\.25$/), tone: 'down' });
    expect(t.holders).toEqual([
      { id: 3, label: 'RDX · NIFTY (paper)' },
      { id: 7, label: 'Strategy 7' },
    ]);
  });

  it('shows a long with a plus, an unknown day P&L as a dash that says why, and a stale LTP as its last fill', () => {
    const t = symbolRowText(row({ quantity: 65, day_pnl: null, ltp_is_stale: true }), new Map());
    expect([t.quantity, t.isShort]).toEqual(['+65', false]);
    expect(t.dayPnl).toMatchObject({ text: '-', tone: null });
    expect(t.dayPnl.title).toMatch(/previous close is not known/);
    expect(t.ltpNote).toMatch(/last fill/);
  });

  it('names a live strategy as live', () => {
    expect(holderLabel(3, { ...mapping, is_dummy: 0 })).toBe('RDX · NIFTY (live)');
  });
});
