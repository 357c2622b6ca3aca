import { describe, expect, it } from 'vitest';
import {
  capNote,
  dailyLimitBody,
  dailyLimitSummary,
  limitsBody,
  portfolioSummary,
  portfolioTexts,
  reachedLimitQuestion,
} from './DailyLimitForm';

/** No portfolio caps: what a limit read before any is set carries. */
const UNCAPPED = {
  max_net_delta: null,
  max_net_vega: null,
  max_margin_used: null,
  admin_max_net_delta: null,
  admin_max_net_vega: null,
  admin_max_margin_used: null,
  reduce_on_breach: false,
};

describe('the daily max loss form', () => {
  it('sends an empty field as no limit, a typed one in rupees, and the user only when an admin names one', () => {
    expect(dailyLimitBody('')).toEqual({ daily_max_loss: null });
    expect(dailyLimitBody(' 7500.25 ')).toEqual({ daily_max_loss: 7500.25 });
    expect(dailyLimitBody('2000', 9)).toEqual({ daily_max_loss: 2000, user_id: 9 });
  });

  it("says today's P&L beside the limit, or that there is none", () => {
    expect(
      dailyLimitSummary({ user_id: 1, daily_max_loss: 5000, admin_max_loss: null, today_pnl: -1250, ...UNCAPPED }),
    ).toBe("Today's P&L: −₹1,250.00. Daily max loss: ₹5,000.00.");
    expect(
      dailyLimitSummary({ user_id: 1, daily_max_loss: null, admin_max_loss: null, today_pnl: 0, ...UNCAPPED }),
    ).toBe("Today's P&L: ₹0.00. No daily limit.");
  });
});

describe("an admin's cap on a user's daily max loss", () => {
  const capped = { user_id: 1, daily_max_loss: 3000, admin_max_loss: 5000, today_pnl: 0, ...UNCAPPED };
  it('tells the user they can lower it, not raise or remove it', () => {
    expect(capNote(capped, true)).toBe(
      'An admin set your daily max loss at ₹5,000.00: you can lower it, not raise or remove it.',
    );
  });
  it('tells the admin what the user can do with it', () => {
    expect(capNote(capped, false)).toBe('Set by an admin at ₹5,000.00: the user can lower it, not raise or remove it.');
  });
  it('says nothing without a cap', () => {
    expect(capNote({ ...capped, admin_max_loss: null }, true)).toBeNull();
  });
});

describe('saving a limit the day has already passed', () => {
  it('asks first, saying it exits every open leg now', () => {
    expect(reachedLimitQuestion(-4894.5, 1000, true)).toBe(
      "Today's P&L is −₹4,894.50, already past a daily max loss of ₹1,000.00. Saving it stops all your strategies " +
        'and exits every open leg at market now. Save it?',
    );
    expect(reachedLimitQuestion(-1000, 1000, false)).toContain("stops all this user's strategies");
  });

  it('does not ask when the limit is not reached, or removed', () => {
    expect(reachedLimitQuestion(-999.99, 1000, true)).toBeNull();
    expect(reachedLimitQuestion(250, 1000, true)).toBeNull();
    expect(reachedLimitQuestion(-5000, null, true)).toBeNull();
  });
});

describe('the portfolio limits on the same form', () => {
  const limit = { user_id: 1, daily_max_loss: null, admin_max_loss: null, today_pnl: 0, ...UNCAPPED };

  it('sends every cap (empty as none) and Reduce on breach beside the daily max loss', () => {
    expect(
      limitsBody('5000', { max_net_delta: ' 300 ', max_net_vega: '', max_margin_used: '200000.5' }, true, 9),
    ).toEqual({
      daily_max_loss: 5000,
      user_id: 9,
      max_net_delta: 300,
      max_net_vega: null,
      max_margin_used: 200000.5,
      reduce_on_breach: true,
    });
  });

  it('shows a saved cap as its number and none as empty', () => {
    expect(portfolioTexts({ ...limit, max_net_delta: 300, max_margin_used: 150000 })).toEqual({
      max_net_delta: '300',
      max_net_vega: '',
      max_margin_used: '150000',
    });
    expect(portfolioTexts(undefined)).toEqual({ max_net_delta: '', max_net_vega: '', max_margin_used: '' });
  });

  it('says which caps hold and what a breach does', () => {
    expect(portfolioSummary(limit)).toBe('No portfolio caps.');
    expect(portfolioSummary({ ...limit, max_net_delta: 1250.5, max_net_vega: 1500 })).toBe(
      'Portfolio caps: net delta 1,250.5, net vega ₹1,500.00. Beyond one, no entry or realign sells new legs.',
    );
    expect(portfolioSummary({ ...limit, max_margin_used: 200000, reduce_on_breach: true })).toBe(
      'Portfolio caps: margin used ₹2,00,000.00. Beyond one, every strategy is stopped and its legs squared off.',
    );
  });
});
