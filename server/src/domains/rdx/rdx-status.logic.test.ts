import { describe, expect, it } from 'vitest';
import { describeStatus, type StatusFacts } from './rdx-status.logic.js';

const NIFTY = { marketOpenTime: '09:15', marketCloseTime: '15:30', timezone: 'Asia/Kolkata', tradingDays: '1,2,3,4,5' };
/** Monday 23 Nov 2026, 10:07 IST. */
const MONDAY_1007 = Date.UTC(2026, 10, 23, 4, 37);
/** Saturday 21 Nov 2026, 11:00 IST. */
const SATURDAY = Date.UTC(2026, 10, 21, 5, 30);

const facts = (over: Partial<StatusFacts> = {}): StatusFacts => ({
  isActive: true,
  isDummy: true,
  runningStatus: 1,
  config: { interval: '15m', atmPaise: 2_500_000 },
  startTime: null,
  endTime: null,
  hours: NIFTY,
  brokerToken: 'none',
  brokerLabel: 'Kite',
  tokenEndWords: 'at 06:00 IST',
  openLegCount: 0,
  lastBrokerError: null,
  isEngineRunning: true,
  engineProblem: null,
  ceCount: 1,
  peCount: 1,
  ...over,
});

describe('describeStatus: why a strategy is or is not trading', () => {
  it('running and flat in market hours waits for the next candle close, in IST', () => {
    const r = describeStatus(facts(), MONDAY_1007);
    expect(r.detail).toBe('Waiting for the 15m candle closing at 10:15 IST to enter');
    expect(r.actions).toEqual(['pause', 'realign', 'exit']);
  });

  it('holding legs names them and the ATM in Indian format', () => {
    const r = describeStatus(facts({ openLegCount: 2, config: { interval: '5m', atmPaise: 10_050_000 } }), MONDAY_1007);
    expect(r.detail).toBe('Holding 2 legs around ATM 1,00,500: next check at the 5m candle closing 10:10 IST');
  });

  it('says the RDX service is stopped before anything else', () => {
    expect(describeStatus(facts({ isEngineRunning: false }), MONDAY_1007).detail).toBe(
      'RDX service is stopped: no trading until an admin starts it',
    );
  });

  it('says a running strategy holds its legs, not squared off, while the RDX service is stopped', () => {
    expect(describeStatus(facts({ isEngineRunning: false, openLegCount: 2 }), MONDAY_1007).detail).toBe(
      'RDX service is stopped: holding 2 legs (not squared off), no trading until an admin starts it',
    );
  });

  it('says the Kite market data stopped for good, and why, on a running row', () => {
    const halt = 'Kite refused the access token (it expires at 06:00 IST): generate a new one';
    expect(describeStatus(facts({ marketDataHalt: halt }), MONDAY_1007).detail).toBe(
      `Market data stopped: ${halt} (admin: Brokers tab)`,
    );
  });

  it('says when the market opens next', () => {
    const r = describeStatus(facts(), SATURDAY);
    expect(r.detail).toBe('Market closed: opens Mon 09:15 IST');
    expect(r.actions).toEqual(['pause', 'exit']);
  });

  it('names an NSE holiday all day, before the open too, with the open after it; no realign or exit with legs', () => {
    const nseHolidays = [{ date: '2026-11-23', description: 'Test closure' }];
    const beforeOpen = Date.UTC(2026, 10, 23, 2, 30); // Monday 08:00 IST
    for (const at of [beforeOpen, MONDAY_1007]) {
      const r = describeStatus(facts({ nseHolidays, openLegCount: 2 }), at);
      expect(r.detail).toBe('Market closed today: Test closure (NSE holiday) · opens Tue 09:15 IST');
      expect(r.actions).toEqual(['pause']);
    }
    // The 24x7 sandbox index keeps no exchange calendar.
    const allDay = { ...NIFTY, marketOpenTime: '00:00', marketCloseTime: '23:59', tradingDays: '0,1,2,3,4,5,6' };
    expect(describeStatus(facts({ nseHolidays, hours: allDay }), MONDAY_1007).detail).toMatch(/^Waiting for/);
    // From the weekend, the next open skips a Monday holiday.
    expect(describeStatus(facts({ nseHolidays }), SATURDAY).detail).toBe('Market closed: opens Tue 09:15 IST');
  });

  it('passes on why the last candle could not trade, and a strategy with no legs to sell', () => {
    const r = describeStatus(facts({ engineProblem: 'no CE at strike 25100 for 2026-11-27' }), MONDAY_1007);
    expect(r.detail).toBe(
      'Cannot trade: no CE at strike 25100 for 2026-11-27 (next try at the 15m candle closing 10:15 IST)',
    );
    expect(describeStatus(facts({ ceCount: 0, peCount: 0 }), MONDAY_1007).detail).toBe(
      'CE Count and PE Count are both 0 (set one above 0 with Edit on the Strategies page): nothing to trade',
    );
    // Stopped after the engine found nothing to do, it does not ask for a Start that would change nothing.
    const stopped = describeStatus(
      facts({ runningStatus: 0, ceCount: 0, peCount: 0, engineProblem: 'no legs configured' }),
      MONDAY_1007,
    );
    expect(stopped.detail).toBe(
      'Stopped: CE Count and PE Count are both 0 (set one above 0 with Edit on the Strategies page)',
    );
  });

  it('reports the window', () => {
    const before = describeStatus(facts({ startTime: '11:00', endTime: '14:00' }), MONDAY_1007);
    expect(before.detail).toBe('Outside its 11:00–14:00 window: trades from 11:00 IST');
    const after = describeStatus(facts({ startTime: '09:30', endTime: '10:00', openLegCount: 2 }), MONDAY_1007);
    expect(after.detail).toBe('Window ended at 10:00: squaring off at the next candle close');
  });

  it('a LIVE strategy without a broker token cannot start and says where to fix it', () => {
    const stopped = describeStatus(facts({ runningStatus: 0, isDummy: false }), MONDAY_1007);
    expect(stopped.detail).toBe('Stopped: the broker account has no access token (Profile page)');
    expect(stopped.actions).toEqual([]);
    const running = describeStatus(facts({ isDummy: false }), MONDAY_1007);
    expect(running.detail).toBe('No broker access token: generate one on the Profile page');
    expect(running.actions).toEqual(['pause', 'exit']);
  });

  it('a stopped strategy still holding legs says how the square-off is going', () => {
    const r = describeStatus(
      facts({
        runningStatus: 0,
        openLegCount: 2,
        engineProblem: 'square-off incomplete (RMS); trying again',
      }),
      MONDAY_1007,
    );
    expect(r.detail).toBe('Stopped with 2 legs still open: Cannot trade: square-off incomplete (RMS); trying again');
  });

  it('a LIVE strategy whose broker token expired at 06:00 IST cannot start and says so', () => {
    const stopped = describeStatus(facts({ runningStatus: 0, isDummy: false, brokerToken: 'expired' }), MONDAY_1007);
    expect(stopped.detail).toBe(
      'Stopped: the broker access token expired at 06:00 IST (generate a new one on the Profile page)',
    );
    expect(stopped.actions).toEqual([]);
    const paused = describeStatus(facts({ runningStatus: 1, isDummy: false, brokerToken: 'expired' }), MONDAY_1007);
    expect(paused.detail).toBe('Broker access token expired at 06:00 IST: generate a new one on the Profile page');
    expect(
      describeStatus(facts({ runningStatus: 0, isDummy: false, brokerToken: 'valid' }), MONDAY_1007).actions,
    ).toEqual(['start']);
  });

  it('a LIVE strategy paused because Kite refused its token offers no Resume until a new token', () => {
    const paused = facts({ runningStatus: 2, isDummy: false, brokerToken: 'refused', openLegCount: 2 });
    const r = describeStatus(paused, MONDAY_1007);
    expect(r.detail).toBe(
      'Paused: holding 2 legs, taking no action · Kite refused the broker access token: generate a new one on the Profile page, then Resume',
    );
    expect(r.actions).not.toContain('resume');
    expect(describeStatus({ ...paused, brokerToken: 'valid' }, MONDAY_1007).actions).toContain('resume');
  });

  it('offers Start only to an active, configured, stopped strategy', () => {
    expect(describeStatus(facts({ runningStatus: 0 }), MONDAY_1007)).toEqual({
      detail: 'Stopped: press Start to trade',
      actions: ['start'],
    });
    expect(describeStatus(facts({ runningStatus: 0, config: null }), MONDAY_1007)).toEqual({
      detail: 'Stopped: configure RDX, then Start',
      actions: [],
    });
    expect(describeStatus(facts({ runningStatus: 0, isActive: false }), MONDAY_1007).actions).toEqual([]);
  });

  it('a stopped strategy still holding legs offers Exit only while the market is open', () => {
    const open = describeStatus(facts({ runningStatus: 0, openLegCount: 2 }), MONDAY_1007);
    expect(open.actions).toEqual(['start', 'exit']);
    expect(open.detail).toContain('2 legs still open');
    expect(describeStatus(facts({ runningStatus: 0, openLegCount: 2 }), SATURDAY).actions).toEqual(['start']);
  });

  it('paused holds and resumes; the last broker failure is appended', () => {
    const r = describeStatus(
      facts({ runningStatus: 2, openLegCount: 1, lastBrokerError: 'Insufficient funds' }),
      MONDAY_1007,
    );
    expect(r.detail).toBe('Paused: holding 1 leg, taking no action · Last broker order failed: Insufficient funds');
    expect(r.actions).toEqual(['resume', 'realign', 'exit']);
  });
});

describe('describeStatus: a stop the trader did not ask for (issue 13)', () => {
  const KILLED_AT = Date.UTC(2026, 10, 23, 5, 12); // 10:42 IST
  const stop = { reason: 'kill_switch' as const, at: KILLED_AT };

  it('names the kill switch and the time, and offers no Start while it is engaged', () => {
    const r = describeStatus(facts({ runningStatus: 0, stop, killSwitchEngaged: true }), KILLED_AT + 60_000);
    expect(r.detail).toBe('Stopped by the kill switch at 10:42 IST: no strategy starts until an admin releases it');
    expect(r.actions).toEqual([]);
  });

  it('names the kill switch apart from an earlier stop of another kind', () => {
    const byLimit = { reason: 'daily_max_loss' as const, at: KILLED_AT };
    const r = describeStatus(facts({ runningStatus: 0, stop: byLimit, killSwitchEngaged: true }), KILLED_AT + 60_000);
    expect(r.detail).toBe(
      'Stopped at the daily max loss at 10:42 IST · the kill switch is engaged: no strategy starts until an admin releases it',
    );
    expect(r.actions).toEqual([]);
  });

  it('offers Start again once released, and names legs still being squared off', () => {
    const released = describeStatus(facts({ runningStatus: 0, stop }), KILLED_AT + 60_000);
    expect(released.detail).toBe('Stopped by the kill switch at 10:42 IST: press Start to trade again');
    expect(released.actions).toEqual(['start']);
    const holding = describeStatus(facts({ runningStatus: 0, stop, openLegCount: 2 }), KILLED_AT + 60_000);
    expect(holding.detail).toBe('Stopped by the kill switch at 10:42 IST with 2 legs still open: squaring them off');
  });

  it("names another day's stop with its weekday, and keeps a trader's own stop as it was", () => {
    const nextDay = KILLED_AT + 24 * 3600_000;
    expect(describeStatus(facts({ runningStatus: 0, stop: { reason: 'expiry', at: KILLED_AT } }), nextDay).detail).toBe(
      'Stopped at expiry at Mon 10:42 IST: press Start to trade again',
    );
    expect(describeStatus(facts({ runningStatus: 0, stop: { reason: 'manual', at: KILLED_AT } }), nextDay).detail).toBe(
      'Stopped: press Start to trade',
    );
  });

  it('a stop by a Max Loss since cleared has nothing left to wait for', () => {
    const maxLoss = { reason: 'max_loss' as const, at: KILLED_AT };
    const cleared = facts({ runningStatus: 0, stop: maxLoss, ownLimits: { maxLoss: false, targetProfit: false } });
    expect(describeStatus(cleared, KILLED_AT + 60_000).detail).toBe(
      'Stopped at the max loss at 10:42 IST: press Start to trade again',
    );
  });

  it('a limit stop of today says when it can start again; the next day it is an ordinary stop', () => {
    const maxLoss = { reason: 'max_loss' as const, at: KILLED_AT };
    expect(describeStatus(facts({ runningStatus: 0, stop: maxLoss }), KILLED_AT + 60_000).detail).toBe(
      'Stopped at the max loss at 10:42 IST: it can start again tomorrow, or today once its Max Loss is raised or cleared',
    );
    const daily = { reason: 'daily_max_loss' as const, at: KILLED_AT };
    expect(describeStatus(facts({ runningStatus: 0, stop: daily }), KILLED_AT + 60_000).detail).toBe(
      'Stopped at the daily max loss at 10:42 IST: it can start again tomorrow, or today once your daily max loss is raised or cleared on Profile',
    );
    // 23:59 IST the same day is still today; 00:01 IST the next is not.
    const lateSameDay = Date.UTC(2026, 10, 23, 18, 29);
    expect(describeStatus(facts({ runningStatus: 0, stop: maxLoss }), lateSameDay).detail).toContain(
      'start again tomorrow',
    );
    const nextMorning = Date.UTC(2026, 10, 23, 18, 31);
    expect(describeStatus(facts({ runningStatus: 0, stop: maxLoss }), nextMorning).detail).toBe(
      'Stopped at the max loss at Mon 10:42 IST: press Start to trade again',
    );
  });

  it('refuses resume and realign on a paused row while engaged, but keeps Pause and Exit', () => {
    expect(describeStatus(facts({ runningStatus: 2, killSwitchEngaged: true }), MONDAY_1007).actions).toEqual(['exit']);
    expect(describeStatus(facts({ killSwitchEngaged: true }), MONDAY_1007).actions).toEqual(['pause', 'exit']);
  });

  it('a limit stop far past its limit names the figures, not only the limit (issue 27)', () => {
    const note = '−₹34,442.50 against a limit of ₹6,000.00 — the market gapped past it';
    const stop = { reason: 'max_loss' as const, at: KILLED_AT, note };
    expect(describeStatus(facts({ runningStatus: 0, stop }), KILLED_AT + 60_000).detail).toBe(
      `Stopped at the max loss at 10:42 IST (${note}): it can start again tomorrow, or today once its Max Loss is raised or cleared`,
    );
    // A note written for another stop (an earlier limit) is not read into a later manual or expiry stop.
    const expiry = { reason: 'expiry' as const, at: KILLED_AT, note };
    expect(describeStatus(facts({ runningStatus: 0, stop: expiry }), KILLED_AT + 60_000).detail).toBe(
      'Stopped at expiry at 10:42 IST: press Start to trade again',
    );
  });

  it('a strategy paused on a broker difference names it and what to do (issue 27)', () => {
    const stop = {
      reason: 'broker_drift' as const,
      at: KILLED_AT,
      note: 'NIFTY2612124600CE: console short 75, broker flat',
    };
    const r = describeStatus(facts({ runningStatus: 2, openLegCount: 2, stop }), KILLED_AT + 60_000);
    expect(r.detail).toBe(
      'Paused: holding 2 legs, taking no action · paused at 10:42 IST: the broker no longer holds what the console ' +
        'counts (NIFTY2612124600CE: console short 75, broker flat); make the console match the broker (Match the ' +
        'broker, if you bought it back in Kite) or sell it again in Kite, then Resume. Exit and Realign wait until then',
    );
    // Resume, Realign and Exit would each trade on the leg nobody holds: none is offered (the server refuses them).
    expect(r.actions).toEqual([]);
    // Matched since: nothing differs any more, only the pause is left.
    const matched = describeStatus(
      facts({ runningStatus: 2, openLegCount: 1, stop: { ...stop, note: null } }),
      KILLED_AT + 60_000,
    );
    expect(matched.detail).toBe(
      'Paused: holding 1 leg, taking no action · paused at 10:42 IST on a broker difference, since matched: Resume to trade again',
    );
    expect(matched.actions).toEqual(expect.arrayContaining(['resume', 'exit']));
  });

  it('legs held without a saved ATM (an entry that died before writing it) read the ATM from their strikes', () => {
    const legs = [
      { optionType: 'CE', strikePaise: 2_460_000, quantity: 75 },
      { optionType: 'PE', strikePaise: 2_440_000, quantity: 75 },
    ];
    const r = describeStatus(
      facts({
        openLegCount: 2,
        config: { interval: '15m', atmPaise: 0 },
        legs,
        sizing: { lotCount: 1, offsetPaise: 10_000, lotSize: 75 },
      }),
      MONDAY_1007,
    );
    expect(r.detail).toBe('Holding 2 legs around ATM 24,500: next check at the 15m candle closing 10:15 IST');
    // Nothing to read it from: no "ATM 0".
    const bare = describeStatus(facts({ openLegCount: 2, config: { interval: '15m', atmPaise: 0 } }), MONDAY_1007);
    expect(bare.detail).toBe('Holding 2 legs: next check at the 15m candle closing 10:15 IST');
  });

  it('a side held at another size than configured says so and when it is resized (issue 27)', () => {
    const legs = [
      { optionType: 'CE', strikePaise: 2_460_000, quantity: 75 },
      { optionType: 'PE', strikePaise: 2_440_000, quantity: 150 },
    ];
    const r = describeStatus(
      facts({ openLegCount: 2, legs, sizing: { lotCount: 2, offsetPaise: 10_000, lotSize: 75 } }),
      MONDAY_1007,
    );
    expect(r.detail).toBe(
      'Holding 2 legs around ATM 25,000 · CE side holds 1 lot of 2: resized at the 15m candle closing 10:15 IST',
    );
    const oneSide = describeStatus(
      facts({ openLegCount: 1, legs: legs.slice(1), sizing: { lotCount: 2, offsetPaise: 10_000, lotSize: 75 } }),
      MONDAY_1007,
    );
    expect(oneSide.detail).toContain(
      'CE side holds nothing of its 2 lots: resized at the 15m candle closing 10:15 IST',
    );
  });
});
