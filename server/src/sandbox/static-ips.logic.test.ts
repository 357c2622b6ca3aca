import { describe, expect, it } from 'vitest';
import {
  checkStaticIps,
  isLoopbackAddress,
  isOrderRequest,
  nextIstWeekStartMs,
  normalizeAddress,
  unregisteredIpMessage,
  weeklyChangeRefusal,
} from './static-ips.logic.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);

describe('normalizeAddress', () => {
  it('shows an IPv4-mapped IPv6 address as the IPv4 it carries, in any spelling', () => {
    expect(normalizeAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(normalizeAddress('::FFFF:7f00:3')).toBe('127.0.0.3');
    expect(normalizeAddress('0:0:0:0:0:ffff:c0a8:0101')).toBe('192.168.1.1');
  });

  it('writes IPv6 compressed and lower-case, and leaves IPv4 and non-addresses as they are', () => {
    expect(normalizeAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('')).toBe('');
  });
});

describe('isLoopbackAddress', () => {
  it('takes all of 127.0.0.0/8 and ::1, however the socket spells them', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '::ffff:127.0.0.3']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const address of ['10.1.2.3', '::ffff:10.0.0.1', '128.0.0.1', '2001:db8::1', '', 'localhost']) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});

describe('checkStaticIps', () => {
  it('takes none, one or two distinct addresses, normalized, primary first', () => {
    expect(checkStaticIps([])).toEqual({ ok: true, ips: [] });
    expect(checkStaticIps(['203.0.113.7', '2001:DB8::1'])).toEqual({ ok: true, ips: ['203.0.113.7', '2001:db8::1'] });
  });

  it('refuses a third address: a primary and a backup only', () => {
    const check = checkStaticIps(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(check).toEqual({ ok: false, message: expect.stringContaining('at most 2 static IPs') });
  });

  it('refuses what is not an IP literal (names, ranges, padding)', () => {
    for (const bad of ['localhost', '203.0.113.0/24', ' 203.0.113.7', '256.1.1.1', '']) {
      expect(checkStaticIps([bad])).toEqual({ ok: false, message: expect.stringContaining('not an IPv4 or IPv6') });
    }
  });

  it('refuses one address twice, also when spelled two ways', () => {
    expect(checkStaticIps(['127.0.0.2', '::ffff:127.0.0.2'])).toEqual({
      ok: false,
      message: '127.0.0.2 is listed twice: the primary and the backup IP must differ.',
    });
  });
});

describe('the calendar week (IST, from Monday)', () => {
  it('ends at the next Monday 00:00 IST, from any moment of the week', () => {
    const monday = ist('2025-12-15T00:00:00');
    for (const at of ['2025-12-08T00:00:00', '2025-12-09T10:00:00', '2025-12-14T23:59:59']) {
      expect(nextIstWeekStartMs(ist(at))).toBe(monday);
    }
    expect(nextIstWeekStartMs(monday)).toBe(ist('2025-12-22T00:00:00'));
  });

  it('counts in IST: Sunday 20:00 UTC is already Monday in India', () => {
    expect(nextIstWeekStartMs(Date.UTC(2025, 11, 14, 20, 0))).toBe(ist('2025-12-22T00:00:00'));
  });
});

describe('weeklyChangeRefusal', () => {
  const changed = ist('2025-12-09T10:00:00');

  it('lets a user who never changed their IPs change them', () => {
    expect(weeklyChangeRefusal('AB1234', null, changed)).toBeNull();
  });

  it('refuses a second change until the next Monday, saying when', () => {
    const refusal = weeklyChangeRefusal('AB1234', changed, ist('2025-12-14T23:59:59'));
    expect(refusal).toEqual({
      nextChangeMs: ist('2025-12-15T00:00:00'),
      message:
        "AB1234's static IPs were already changed this calendar week (2025-12-09 10:00:00 IST): exchange rules " +
        'allow one change a week. The next change is allowed from Monday 2025-12-15 00:00:00 IST.',
    });
    expect(weeklyChangeRefusal('AB1234', changed, ist('2025-12-15T00:00:00'))).toBeNull();
  });
});

describe('isOrderRequest', () => {
  it('is place, modify and cancel only', () => {
    expect(isOrderRequest('POST', '/orders/regular')).toBe(true);
    expect(isOrderRequest('PUT', '/orders/regular/251209000000001')).toBe(true);
    expect(isOrderRequest('DELETE', '/orders/regular/251209000000001')).toBe(true);
    expect(isOrderRequest('POST', '/orders/amo')).toBe(true); // a variety the sandbox refuses is still an order
  });

  it('leaves the order book, positions, quotes, margins and the session open from anywhere', () => {
    for (const [method, path] of [
      ['GET', '/orders'],
      ['GET', '/orders/251209000000001'],
      ['GET', '/orders/251209000000001/trades'],
      ['GET', '/portfolio/positions'],
      ['GET', '/quote'],
      ['POST', '/margins/orders'],
      ['POST', '/session/token'],
      ['DELETE', '/session/token'],
    ] as const) {
      expect(isOrderRequest(method, path)).toBe(false);
    }
  });
});

describe('unregisteredIpMessage', () => {
  it('names the address the order came from', () => {
    expect(unregisteredIpMessage('127.0.0.3')).toBe(
      'Order request from an unregistered IP (127.0.0.3). Register your static IP on the Kite Connect developer console.',
    );
  });
});
