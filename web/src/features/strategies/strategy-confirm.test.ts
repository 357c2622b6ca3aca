import { MSG } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { mappingFixture } from './mapping-fixture';
import { rdxEntryPlan, sellQuantities } from '../rdx/rdx-entry-plan';
import type { EntryFacts } from './entry-plan';
import { actionConfirmation } from './strategy-confirm';

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
/** What an RDX entry of `m` trades at this lot count and interval (the type's own words: rdx-entry-plan.ts). */
const rdx = (m: EntryFacts, lotCount: number, interval = '15m') => rdxEntryPlan(m, { lotCount, interval });
const WHERE = ['Account: AB1234', 'Instrument: NIFTY 50'];

describe('actionConfirmation', () => {
  it('names the legs a LIVE exit buys back, with the account and instrument', () => {
    expect(actionConfirmation('exit', live, rdx(live, 1))).toEqual({
      title: 'Exit this LIVE strategy?',
      text: 'Buys back 65 NIFTY26DEC25000CE and 65 NIFTY26DEC24900PE at market.',
      details: WHERE,
      confirmLabel: 'Exit',
      isDanger: true,
    });
  });

  it('says a LIVE exit without legs only stops it', () => {
    expect(actionConfirmation('exit', { ...live, open_legs: [] }, rdx(live, 1))?.text).toBe(
      'It holds no open positions, so it only stops.',
    );
  });

  it('keeps SPEC’s simple question for a paper exit and asks nothing for a paper start, resume or realign', () => {
    const paper = { ...live, is_dummy: 1 };
    expect(actionConfirmation('exit', paper, rdx(paper, 1))).toEqual({
      title: MSG.confirmExitStrategy,
      confirmLabel: 'Exit',
      isDanger: true,
    });
    for (const action of ['start', 'resume', 'realign', 'pause'] as const) {
      expect(actionConfirmation(action, paper, rdx(paper, 40))).toBeNull();
    }
  });

  it('names what a LIVE realign closes and what it sells: count × lot count × lot size per side', () => {
    const m = { ...live, ce_count: 2, pe_count: 1 };
    expect(sellQuantities(m, 40)).toEqual({ ce: 2 * 40 * LOT, pe: 40 * LOT });
    expect(actionConfirmation('realign', m, rdx(m, 40))?.text).toBe(
      'Buys back 65 NIFTY26DEC25000CE and 65 NIFTY26DEC24900PE, then sells 5,200 CE and 2,600 PE at the current ATM ' +
        '(count × 40 lots × lot size 65), at market.',
    );
  });

  it('lists three legs with commas and leaves out a side with count 0', () => {
    const m = {
      ...live,
      pe_count: 0,
      open_legs: [...live.open_legs, leg('NIFTY26DEC25100CE', 'CE', 25100, 20 * LOT)],
    };
    expect(actionConfirmation('realign', { ...m, open_legs: [] }, rdx(m, 1))?.text).toBe(
      'It sells 65 CE at the current ATM (count × 1 lot × lot size 65), at market.',
    );
    expect(actionConfirmation('exit', m, rdx(m, 1))?.text).toBe(
      'Buys back 65 NIFTY26DEC25000CE, 65 NIFTY26DEC24900PE and 1,300 NIFTY26DEC25100CE at market.',
    );
  });

  it('asks before a LIVE start with the account, instrument, quantity per side, interval, window and limits', () => {
    const m = {
      ...live,
      open_legs: [],
      ce_count: 2,
      pe_count: 0,
      max_loss: 5000,
      start_time: '09:20',
      end_time: '15:00',
    };
    expect(actionConfirmation('start', m, rdx(m, 3, '5m'))).toEqual({
      title: 'Start this LIVE strategy?',
      text:
        'It trades real money from the next 5m candle close: it sells 390 CE at market when it holds nothing, ' +
        'and realigns as the ATM moves.',
      details: [
        ...WHERE,
        'CE: 2 × 3 lots × lot size 65 = 390',
        'PE: none (PE Count 0)',
        'Interval: 5m',
        'Window: 09:20 - 15:00',
        'Limits: Max loss ₹5,000.00',
      ],
      confirmLabel: 'Start LIVE',
      isDanger: true,
    });
  });

  it('says a LIVE start on the sandbox exchange moves no real money', () => {
    const question = actionConfirmation('start', { ...live, open_legs: [] }, rdx(live, 1), 'sandbox');
    expect(question?.text).toMatch(/^It trades on the sandbox exchange \(simulated, no real money\) from the next /);
    expect(actionConfirmation('start', { ...live, open_legs: [] }, rdx(live, 1), 'kite')?.text).toMatch(
      /^It trades real money from the next /,
    );
  });

  it('asks before resuming a LIVE strategy, naming the legs it holds', () => {
    const question = actionConfirmation('resume', live, rdx(live, 1));
    expect(question).toMatchObject({ title: 'Resume this LIVE strategy?', confirmLabel: 'Resume LIVE' });
    expect(question?.text).toBe(
      'It holds 65 NIFTY26DEC25000CE and 65 NIFTY26DEC24900PE. It trades real money again from the next 15m ' +
        'candle close: it sells 65 CE and 65 PE at market when it holds nothing, and realigns as the ATM moves.',
    );
    expect(question?.details).toContain('Limits: none');
    expect(question?.details).toContain('Window: Always On');
  });

  it('asks nothing before a pause', () => {
    expect(actionConfirmation('pause', live, rdx(live, 1))).toBeNull();
  });
});
