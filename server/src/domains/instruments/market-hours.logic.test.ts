import { describe, expect, it } from 'vitest';
import { localTime, marketState, zonedToUtc, type Hours } from './market-hours.logic.js';

const z = (iso: string) => Date.parse(iso);
const hours = (over: Partial<Hours> = {}): Hours => ({
  marketOpenTime: '09:15',
  marketCloseTime: '15:30',
  timezone: 'Asia/Kolkata',
  tradingDays: '1,2,3,4,5',
  ...over,
});

describe('marketState: Asia/Kolkata, Mon-Fri 09:15-15:30', () => {
  it('is open mid-session and closes at 15:30 IST', () => {
    const s = marketState(hours(), z('2026-11-23T05:00:00Z')); // Mon 10:30 IST
    expect(s).toEqual({ isOpen: true, nextChange: z('2026-11-23T10:00:00Z') });
  });

  it('opens at exactly 09:15 and is closed at exactly 15:30', () => {
    expect(marketState(hours(), z('2026-11-23T03:45:00Z')).isOpen).toBe(true);
    const atClose = marketState(hours(), z('2026-11-23T10:00:00Z'));
    expect(atClose).toEqual({ isOpen: false, nextChange: z('2026-11-24T03:45:00Z') });
  });

  it('is closed on Saturday until Monday 09:15', () => {
    expect(marketState(hours(), z('2026-11-21T06:00:00Z'))).toEqual({
      isOpen: false,
      nextChange: z('2026-11-23T03:45:00Z'),
    });
  });

  it('before the open on a trading day waits for that same morning', () => {
    expect(marketState(hours(), z('2026-11-23T02:00:00Z')).nextChange).toBe(z('2026-11-23T03:45:00Z'));
  });
});

describe('marketState across the five SPEC time zones', () => {
  it('America/New_York across the end of DST (1 Nov 2026)', () => {
    const ny = hours({ timezone: 'America/New_York', marketOpenTime: '09:30', marketCloseTime: '16:00' });
    expect(marketState(ny, z('2026-10-30T14:00:00Z')).isOpen).toBe(true); // 10:00 EDT
    // Friday after the close: next open is Monday 09:30 EST, now UTC-5.
    expect(marketState(ny, z('2026-10-30T21:00:00Z'))).toEqual({
      isOpen: false,
      nextChange: z('2026-11-02T14:30:00Z'),
    });
    expect(marketState(ny, z('2026-11-02T14:00:00Z')).isOpen).toBe(false); // 09:00 EST
    expect(marketState(ny, z('2026-11-02T14:30:00Z')).isOpen).toBe(true);
  });

  it('Europe/London across the start of BST (29 Mar 2026)', () => {
    const ldn = hours({ timezone: 'Europe/London', marketOpenTime: '08:00', marketCloseTime: '16:30' });
    expect(marketState(ldn, z('2026-03-27T08:00:00Z')).isOpen).toBe(true); // GMT
    expect(marketState(ldn, z('2026-03-30T07:30:00Z')).isOpen).toBe(true); // 08:30 BST
    expect(marketState(ldn, z('2026-03-30T06:30:00Z')).nextChange).toBe(z('2026-03-30T07:00:00Z'));
  });

  it('Asia/Tokyo has no DST', () => {
    const tk = hours({ timezone: 'Asia/Tokyo', marketOpenTime: '09:00', marketCloseTime: '15:00' });
    expect(marketState(tk, z('2026-11-24T01:00:00Z'))).toEqual({ isOpen: true, nextChange: z('2026-11-24T06:00:00Z') });
  });

  it('Australia/Sydney in summer time (UTC+11)', () => {
    const syd = hours({ timezone: 'Australia/Sydney', marketOpenTime: '10:00', marketCloseTime: '16:00' });
    expect(marketState(syd, z('2026-11-23T00:00:00Z')).isOpen).toBe(true); // Mon 11:00 AEDT
    expect(marketState(syd, z('2026-11-23T05:00:00Z')).isOpen).toBe(false); // 16:00 AEDT
  });
});

describe('marketState for each trading-day set', () => {
  const saturday = z('2026-11-21T06:00:00Z');
  const sunday = z('2026-11-22T06:00:00Z');
  const friday = z('2026-11-20T06:00:00Z');
  it.each([
    ['1,2,3,4,5', { saturday: false, sunday: false, friday: true }],
    ['1,2,3,4,5,6', { saturday: true, sunday: false, friday: true }],
    ['0,1,2,3,4,5,6', { saturday: true, sunday: true, friday: true }],
    ['1,2,3,4', { saturday: false, sunday: false, friday: false }],
  ])('%s', (tradingDays, expected) => {
    const h = hours({ tradingDays });
    expect({
      saturday: marketState(h, saturday).isOpen,
      sunday: marketState(h, sunday).isOpen,
      friday: marketState(h, friday).isOpen,
    }).toEqual(expected);
  });

  it('a Mon-Thu market closed on Thursday evening next opens Monday', () => {
    expect(marketState(hours({ tradingDays: '1,2,3,4' }), z('2026-11-19T12:00:00Z')).nextChange).toBe(
      z('2026-11-23T03:45:00Z'),
    );
  });

  it('no trading days means no next change', () => {
    expect(marketState(hours({ tradingDays: '' }), saturday)).toEqual({ isOpen: false, nextChange: null });
  });
});

describe('zonedToUtc', () => {
  it('round-trips ordinary wall times', () => {
    const at = zonedToUtc(2026, 7, 1, 9 * 60 + 30, 'America/New_York');
    expect(at).toBe(z('2026-07-01T13:30:00Z'));
    expect(localTime(at, 'America/New_York').minutes).toBe(570);
  });

  it('maps a wall time skipped by spring-forward to the instant after the gap', () => {
    expect(zonedToUtc(2026, 3, 8, 150, 'America/New_York')).toBe(z('2026-03-08T07:30:00Z'));
  });
});

describe('localTime in a zone of fixed offset (IST) is arithmetic, and agrees with the zone database', () => {
  it('matches Intl on instants across years, day edges and leap days', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const start = Date.UTC(2023, 11, 31, 18, 29);
    for (let i = 0; i < 2000; i++) {
      const at = start + i * 7_919_993; // ~2.2 hours apart, every minute of the day over the years
      const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      expect(localTime(at, 'Asia/Kolkata')).toEqual({
        year: Number(parts.year),
        month: Number(parts.month),
        day: Number(parts.day),
        weekday: weekdays.indexOf(parts.weekday!),
        minutes: Number(parts.hour) * 60 + Number(parts.minute),
      });
    }
  });
});
