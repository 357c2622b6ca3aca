import { RUNNING_STATUS } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capRefusal, dailyBreach, dayPnlPaise, setsDeskCap, strategyBreach } from './limits.logic.js';

const running = { runningStatus: RUNNING_STATUS.RUNNING, openLegCount: 2 };
const limits = { maxLossPaise: 500_000, targetProfitPaise: 300_000 }; // ₹5,000 loss, ₹3,000 profit

describe('a strategy against its limits', () => {
  it('breaches max loss when the day reaches the loss, not before', () => {
    expect(strategyBreach(-499_999, limits, running)).toBeNull();
    expect(strategyBreach(-500_000, limits, running)).toBe('max_loss');
    expect(strategyBreach(-900_000, limits, running)).toBe('max_loss');
  });

  it('breaches target profit when the day reaches the target, not before', () => {
    expect(strategyBreach(299_999, limits, running)).toBeNull();
    expect(strategyBreach(300_000, limits, running)).toBe('target_profit');
  });

  it('has no limit on a side left empty', () => {
    const lossOnly = { maxLossPaise: 500_000, targetProfitPaise: null };
    expect(strategyBreach(10_000_000, lossOnly, running)).toBeNull();
    const none = { maxLossPaise: null, targetProfitPaise: null };
    expect(strategyBreach(-10_000_000, none, running)).toBeNull();
  });

  it('still guards a paused strategy: its legs are open', () => {
    expect(strategyBreach(-600_000, limits, { runningStatus: RUNNING_STATUS.PAUSED, openLegCount: 2 })).toBe(
      'max_loss',
    );
  });

  it('stops a running strategy that is flat but lost its limit today (nothing more may be entered)', () => {
    expect(strategyBreach(-600_000, limits, { runningStatus: RUNNING_STATUS.RUNNING, openLegCount: 0 })).toBe(
      'max_loss',
    );
  });

  it('leaves a stopped, flat strategy alone', () => {
    expect(strategyBreach(-600_000, limits, { runningStatus: RUNNING_STATUS.STOPPED, openLegCount: 0 })).toBeNull();
  });

  it('flattens a stopped strategy that still holds legs', () => {
    expect(strategyBreach(-600_000, limits, { runningStatus: RUNNING_STATUS.STOPPED, openLegCount: 1 })).toBe(
      'max_loss',
    );
  });

  it('never reports both sides: a loss breach and a profit breach exclude each other', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        (day, loss, profit) => {
          const breach = strategyBreach(day, { maxLossPaise: loss, targetProfitPaise: profit }, running);
          if (day <= -loss) expect(breach).toBe('max_loss');
          else if (day >= profit) expect(breach).toBe('target_profit');
          else expect(breach).toBeNull();
        },
      ),
    );
  });
});

describe('the day P&L a limit reads', () => {
  it('adds realized today and unrealized now exactly, in paise', () => {
    expect(dayPnlPaise({ realized_pnl: -1234.56, unrealized_pnl: 0.1 })).toBe(-123_446);
    expect(dayPnlPaise({ realized_pnl: 0.1, unrealized_pnl: 0.2 })).toBe(30);
  });

  it('starts again at the day boundary: yesterday’s realized loss is not in today’s figures', () => {
    // The ledger restarts `today` at IST midnight; a new day with nothing traded reads zero.
    const yesterday = { realized_pnl: -8000, unrealized_pnl: 0 };
    const today = { realized_pnl: 0, unrealized_pnl: 0 };
    expect(dailyBreach(dayPnlPaise(yesterday), 500_000)).toBe(true);
    expect(dailyBreach(dayPnlPaise(today), 500_000)).toBe(false);
  });
});

describe('a user against their daily max loss', () => {
  it('breaches at the limit and not before; no limit never breaches', () => {
    expect(dailyBreach(-499_999, 500_000)).toBe(false);
    expect(dailyBreach(-500_000, 500_000)).toBe(true);
    expect(dailyBreach(-50_000_000, null)).toBe(false);
  });
});

describe("a user's own daily max loss under an admin's cap", () => {
  it('may be anything without a cap', () => {
    expect(capRefusal(null, null, 'daily')).toBeNull();
    expect(capRefusal(null, 9_000_000, 'daily')).toBeNull();
  });
  it('may be lowered to the cap or below it', () => {
    expect(capRefusal(500_000, 500_000, 'daily')).toBeNull();
    expect(capRefusal(500_000, 100, 'daily')).toBeNull();
  });
  it('may not be raised above the cap, by a paisa', () => {
    expect(capRefusal(500_000, 500_001, 'daily')).toBe(
      'An admin set your daily max loss at ₹5,000.00: you can lower it, not raise it',
    );
  });
  it('may not be removed', () => {
    expect(capRefusal(1_00_00_000, null, 'daily')).toBe(
      'An admin set your daily max loss at ₹1,00,000.00: you can lower it, not remove it',
    );
  });
});

describe("a strategy's own max loss under an admin's cap", () => {
  it('may be lowered to the cap or below it, and is anything without one', () => {
    expect(capRefusal(80_000, 80_000, 'strategy')).toBeNull();
    expect(capRefusal(80_000, 1, 'strategy')).toBeNull();
    expect(capRefusal(null, null, 'strategy')).toBeNull();
  });
  it('may not be raised or removed, and says so of the strategy', () => {
    expect(capRefusal(80_000, 80_001, 'strategy')).toBe(
      "An admin set this strategy's max loss at ₹800.00: you can lower it, not raise it",
    );
    expect(capRefusal(80_000, null, 'strategy')).toBe(
      "An admin set this strategy's max loss at ₹800.00: you can lower it, not remove it",
    );
  });
});

describe("who sets the desk's cap with a loss limit", () => {
  it("is an admin setting someone else's", () => {
    expect(setsDeskCap({ userId: 1, role: 'admin' }, 2)).toBe(true);
  });
  it('is not an admin setting their own, nor a user (whose own stays under any cap)', () => {
    expect(setsDeskCap({ userId: 1, role: 'admin' }, 1)).toBe(false);
    expect(setsDeskCap({ userId: 2, role: 'user' }, 2)).toBe(false);
  });
});
