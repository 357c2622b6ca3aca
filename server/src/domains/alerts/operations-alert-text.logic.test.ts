import { describe, expect, it } from 'vitest';
import { rdxServiceAlert, squareOffCompletedAlert, squareOffFailedAlert } from './operations-alert-text.logic.js';

const AT = Date.parse('2026-11-23T10:42:00+05:30');
const subject = {
  mappingId: 11,
  userId: 7,
  username: 'trader2',
  strategyName: 'RDX',
  instrumentName: 'NIFTY 50',
  isDummy: false,
  at: AT,
};
const open = [{ tradingSymbol: 'NIFTY26N2424500CE', quantity: 75 }];

describe('squareOffFailedAlert', () => {
  it('says what is still open at the broker and that the console keeps trying, with the try', () => {
    const draft = squareOffFailedAlert(
      { ...subject, open, reason: 'Margin exceeds the available funds', attempt: 2, maxAttempts: 5, isFinal: false },
      true,
    );
    expect(draft).toEqual({
      kind: 'square_off_failed',
      title: 'Square-off incomplete: RDX on NIFTY 50',
      body:
        'RDX on NIFTY 50 (live): at Mon 23 Nov, 10:42 IST the square-off did not complete (Margin exceeds the ' +
        'available funds). NIFTY26N2424500CE 75 is still open at the broker. The console keeps trying (try 2 of 5).',
      mappingId: 11,
      userBrokerId: null,
      dedupeKey: null,
    });
  });

  it('names the owner for an admin, and says when the console gave up and what the trader can do', () => {
    const draft = squareOffFailedAlert(
      { ...subject, open: [...open, open[0]!], reason: 'refused', attempt: 5, maxAttempts: 5, isFinal: true },
      false,
    );
    expect(draft.title).toBe('Square-off gave up: RDX on NIFTY 50 (trader2)');
    expect(draft.body).toMatch(/^trader2's RDX on NIFTY 50 \(live\)/);
    expect(draft.body).toContain('are still open at the broker');
    expect(draft.body).toContain('The console stopped trying after 5 tries: press Exit on the strategy to try again');
  });

  it('says a bought leg still open is bought, its units unsigned', () => {
    const bought = [...open, { tradingSymbol: 'NIFTY26N2424800CE', quantity: -75 }];
    const draft = squareOffFailedAlert(
      { ...subject, open: bought, reason: 'refused', attempt: 1, maxAttempts: 5, isFinal: false },
      true,
    );
    expect(draft.body).toContain('NIFTY26N2424500CE 75, NIFTY26N2424800CE 75 bought are still open at the broker');
  });

  it("says a window's square-off is tried again at the next candle close", () => {
    const draft = squareOffFailedAlert(
      { ...subject, open, reason: 'no reply', attempt: null, maxAttempts: null, isFinal: false },
      true,
    );
    expect(draft.body).toContain('The console tries again at the next candle close.');
  });
});

describe('squareOffCompletedAlert', () => {
  it('clears the earlier alert in words', () => {
    const draft = squareOffCompletedAlert(subject, true);
    expect(draft.kind).toBe('square_off_completed');
    expect(draft.title).toBe('Square-off completed: RDX on NIFTY 50');
    expect(draft.body).toContain('Nothing of it is open any more.');
  });
});

describe('rdxServiceAlert', () => {
  const stopped = { isRunning: false, by: 'admin', at: AT };

  it('tells an owner their running strategies are held, with counts', () => {
    const draft = rdxServiceAlert(stopped, { running: 2, holding: 1 }, false);
    expect(draft.title).toBe('RDX service stopped: strategies held');
    expect(draft.body).toBe(
      'admin stopped the RDX service at Mon 23 Nov, 10:42 IST. Your 2 running strategies (1 of them holding open ' +
        'legs) are held and take no trades until it is started again: no entry, realign or window square-off, and ' +
        "open legs stay open. Exit on a strategy's row still buys its legs back.",
    );
  });

  it("gives an admin the desk's counts, and says when it trades again", () => {
    const desk = rdxServiceAlert(stopped, { running: 3, holding: 3, owners: 2 }, true);
    expect(desk.body).toContain('3 running strategies of 2 users (all holding open legs) are held');
    const started = rdxServiceAlert({ isRunning: true, by: null, at: AT }, { running: 1, holding: 0 }, false);
    expect(started.title).toBe('RDX service started');
    expect(started.body).toBe(
      'An admin started the RDX service at Mon 23 Nov, 10:42 IST. Your 1 running strategy trades again from its next candle close.',
    );
  });
});
