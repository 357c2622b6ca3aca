import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeIn,
  formatDateTimeIst,
  formatInr,
  formatPrice,
  formatQuantity,
  formatTimeIn,
  formatTimeIst,
  istInputToIso,
  sideOf,
  toInt,
  toIstInput,
  zoneLabel,
} from './format';

describe('formatInr', () => {
  it('uses Indian digit grouping and two decimals', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
    expect(formatInr(0.05)).toBe('₹0.05');
    expect(formatInr(-1234.5)).toBe('-₹1,234.50');
  });
});

describe('formatQuantity and formatPrice', () => {
  it('group digits the Indian way', () => {
    expect(formatQuantity(123456)).toBe('1,23,456');
    expect(formatQuantity(12345678)).toBe('1,23,45,678');
    expect(formatQuantity(75)).toBe('75');
    expect(formatQuantity(0.015)).toBe('0.015');
    expect(formatPrice(123456.5)).toBe('1,23,456.50');
    expect(formatPrice(98765.4321)).toBe('98,765.4321');
  });
});

describe('sideOf', () => {
  it('reads positive as SELL and negative as BUY, showing the absolute value', () => {
    expect(sideOf(75)).toEqual({ side: 'SELL', quantity: 75 });
    expect(sideOf(-150)).toEqual({ side: 'BUY', quantity: 150 });
  });
});

describe('times with the zone named', () => {
  // 08:35:09 UTC is 14:05:09 in India.
  const at = '2026-11-23T08:35:09.000Z';

  it('shows Indian time as IST, whatever the browser zone', () => {
    expect(formatDateTimeIst(at)).toBe('23 Nov 2026, 14:05:09 IST');
    expect(formatDateTime(at)).toBe('23 Nov 2026, 14:05:09 IST');
    expect(formatTimeIst(at)).toBe('14:05:09 IST');
    expect(formatDateTimeIst(Date.parse('2026-01-04T20:00:00Z'))).toBe('5 Jan 2026, 01:30:00 IST');
  });

  it("shows an instrument's own zone by its abbreviation or offset", () => {
    expect(formatDateTimeIn(at, 'Europe/London')).toBe('23 Nov 2026, 08:35:09 GMT');
    expect(formatDateTimeIn(at, 'America/New_York', { seconds: false })).toBe('23 Nov 2026, 03:35 EST');
    expect(formatTimeIn(at, 'Asia/Tokyo', { seconds: false })).toBe('17:35 GMT+9');
    expect(zoneLabel('Asia/Kolkata')).toBe('IST');
    expect(zoneLabel('Not/AZone')).toBe('Not/AZone');
  });
});

describe('Indian clock for datetime inputs', () => {
  it('writes and reads datetime-local values on IST', () => {
    expect(toIstInput('2026-01-04T20:00:00Z')).toBe('2026-01-05T01:30');
    expect(istInputToIso('2026-01-05T09:15')).toBe('2026-01-05T03:45:00.000Z');
    expect(istInputToIso('2026-01-05T09:15:30')).toBe('2026-01-05T03:45:30.000Z');
    expect(istInputToIso('')).toBeNull();
    expect(istInputToIso('tomorrow')).toBeNull();
  });
});

describe('toInt', () => {
  it('parses integers and falls back to 0', () => {
    expect(toInt('12')).toBe(12);
    expect(toInt('')).toBe(0);
    expect(toInt('abc')).toBe(0);
    expect(toInt(3.9)).toBe(3);
  });
});
