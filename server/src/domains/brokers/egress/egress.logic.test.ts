import { describe, expect, it } from 'vitest';
import {
  egressIdentity,
  egressOf,
  egressRefusal,
  familyRefusal,
  ipFromEcho,
  normalIp,
  registeredIpsOf,
  shownEgress,
} from './egress.logic.js';

const finding = { brokerUsername: 'AB1234', brokerLabel: 'Kite', registeredIps: ['198.51.100.2'] };

describe('egress refusal', () => {
  it('says where orders would leave from and what the broker has registered (the issue words)', () => {
    expect(egressRefusal({ ...finding, publicIp: '203.0.113.7' })).toBe(
      'orders for AB1234 would leave from 203.0.113.7; Kite has 198.51.100.2 registered',
    );
  });

  it('lets orders go from the primary or the backup, an IPv4-mapped address as its IPv4', () => {
    const both = { ...finding, registeredIps: ['198.51.100.2', '203.0.113.7'] };
    expect(egressRefusal({ ...both, publicIp: '203.0.113.7' })).toBeNull();
    expect(egressRefusal({ ...both, publicIp: normalIp('::ffff:198.51.100.2') })).toBeNull();
    expect(egressRefusal({ ...finding, registeredIps: ['2001:DB8::1'], publicIp: normalIp('2001:db8::1') })).toBeNull();
  });

  it('refuses when the IP cannot be learned, saying why', () => {
    expect(egressRefusal({ ...finding, publicIp: null, unknownBecause: 'no EGRESS_ECHO_URL is set to ask' })).toBe(
      'cannot tell which IP orders for AB1234 would leave from (no EGRESS_ECHO_URL is set to ask); Kite has 198.51.100.2 registered',
    );
  });

  it('does not check an account that registered no IP', () => {
    expect(egressRefusal({ ...finding, registeredIps: [], publicIp: '203.0.113.7' })).toBeNull();
  });
});

describe('egress shapes', () => {
  it('prefers a proxy, then a bind address, else the server route', () => {
    expect(egressOf({ proxyUrl: 'http://p:3128', bindAddress: null })).toEqual({ kind: 'proxy', url: 'http://p:3128' });
    expect(egressOf({ proxyUrl: null, bindAddress: '127.0.0.2' })).toEqual({ kind: 'bind', address: '127.0.0.2' });
    expect(egressOf({ proxyUrl: null, bindAddress: null })).toEqual({ kind: 'server' });
  });

  it("never shows a proxy's user or password, and names it by host and port alone", () => {
    const egress = { kind: 'proxy', url: 'socks5://ann:s3cret@proxy.example:1080' } as const;
    expect(shownEgress(egress)).toBe('socks5://proxy.example:1080');
    expect(egressIdentity(egress)).toBe(
      egressIdentity({ kind: 'proxy', url: 'socks5://bob:other@proxy.example:1080' }),
    );
    expect(egressIdentity(egress)).not.toContain('s3cret');
  });

  it('reads registered IPs as stored, anything unreadable as none', () => {
    expect(registeredIpsOf('["198.51.100.2","203.0.113.7"]')).toEqual(['198.51.100.2', '203.0.113.7']);
    expect(registeredIpsOf('not json')).toEqual([]);
    expect(registeredIpsOf(null)).toEqual([]);
  });

  it('reads an echo as plain text (ipify) or JSON with ip (the sandbox) or origin (httpbin)', () => {
    expect(ipFromEcho('203.0.113.7\n')).toBe('203.0.113.7');
    expect(ipFromEcho('{"ip":"::ffff:127.0.0.2"}')).toBe('127.0.0.2');
    expect(ipFromEcho('{"origin":"203.0.113.7, 10.0.0.1"}')).toBe('203.0.113.7');
    expect(ipFromEcho('<html>blocked</html>')).toBeNull();
  });
});

describe('family rule', () => {
  const mine = { userId: 1, brokerUsername: 'AB1234', familyGroup: null, identity: 'server' };

  it("refuses another trader's account on the same address unless both name the same family", () => {
    const other = { userId: 2, brokerUsername: 'CD5678', familyGroup: null, identity: 'server' };
    const refusal = familyRefusal(mine, [other]);
    expect(refusal).toMatch(/only one family may share an IP/);
    expect(refusal).not.toContain('CD5678');
    const sharma = { ...mine, familyGroup: 'Sharma' };
    expect(familyRefusal(sharma, [{ ...other, familyGroup: 'Sharma' }])).toBeNull();
    expect(familyRefusal(sharma, [{ ...other, familyGroup: 'Mehta' }])).not.toBeNull();
  });

  it("lets a trader's own accounts share, and accounts on different addresses never clash", () => {
    expect(familyRefusal(mine, [{ ...mine, brokerUsername: 'AB9999' }])).toBeNull();
    expect(
      familyRefusal(mine, [{ userId: 2, brokerUsername: 'CD5678', familyGroup: null, identity: 'bind 127.0.0.3' }]),
    ).toBeNull();
  });
});
