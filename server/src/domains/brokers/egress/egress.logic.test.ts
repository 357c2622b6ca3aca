import { describe, expect, it } from 'vitest';
import {
  egressIdentity,
  egressOf,
  egressRefusal,
  familyRefusal,
  ipFromEcho,
  isCheckedInSession,
  isEgressChecked,
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

describe('which accounts are checked, and when', () => {
  it('checks one that registered IPs or leaves from a place of its own, not one on the server route alone', () => {
    expect(isEgressChecked({ egress: egressOf({ proxyUrl: null, bindAddress: null }), registeredIps: [] })).toBe(false);
    expect(
      isEgressChecked({ egress: egressOf({ proxyUrl: null, bindAddress: null }), registeredIps: ['1.2.3.4'] }),
    ).toBe(true);
    expect(isEgressChecked({ egress: egressOf({ proxyUrl: null, bindAddress: '10.0.0.5' }), registeredIps: [] })).toBe(
      true,
    );
  });

  it('counts a check as this session only when it came after the token was set', () => {
    expect(isCheckedInSession({ egressCheckedAt: null, tokenUpdatedAt: 100 })).toBe(false);
    expect(isCheckedInSession({ egressCheckedAt: 99, tokenUpdatedAt: 100 })).toBe(false);
    expect(isCheckedInSession({ egressCheckedAt: 100, tokenUpdatedAt: 100 })).toBe(true);
    expect(isCheckedInSession({ egressCheckedAt: 50, tokenUpdatedAt: null })).toBe(true);
  });
});

describe('egress shapes', () => {
  it('prefers a proxy, then a bind address, else the server route', () => {
    expect(egressOf({ proxyUrl: 'http://p:3128', bindAddress: null })).toEqual({ kind: 'proxy', url: 'http://p:3128' });
    expect(egressOf({ proxyUrl: null, bindAddress: '127.0.0.2' })).toEqual({ kind: 'bind', address: '127.0.0.2' });
    expect(egressOf({ proxyUrl: null, bindAddress: null })).toEqual({ kind: 'server' });
  });

  it("never shows a proxy's user or password, and names it by host, port and user, not its password", () => {
    const egress = { kind: 'proxy', url: 'socks5://ann:s3cret@proxy.example:1080' } as const;
    expect(shownEgress(egress)).toBe('socks5://proxy.example:1080');
    expect(egressIdentity(egress)).toBe(
      egressIdentity({ kind: 'proxy', url: 'socks5://ann:changed@proxy.example:1080' }),
    );
    expect(egressIdentity(egress)).not.toContain('s3cret');
    expect(egressIdentity(egress)).not.toBe(
      egressIdentity({ kind: 'proxy', url: 'socks5://bob:s3cret@proxy.example:1080' }),
    );
  });

  it('reads registered IPs as stored, anything unreadable as none', () => {
    expect(registeredIpsOf('["198.51.100.2","203.0.113.7"]')).toEqual(['198.51.100.2', '203.0.113.7']);
    expect(registeredIpsOf('not json')).toEqual([]);
    expect(registeredIpsOf(null)).toEqual([]);
  });

  it('reads an echo as plain text (ipify) or JSON with ip (the sandbox)', () => {
    expect(ipFromEcho('203.0.113.7\n')).toBe('203.0.113.7');
    expect(ipFromEcho('{"ip":"::ffff:127.0.0.2"}')).toBe('127.0.0.2');
    // httpbin's origin is not read: behind a forwarding proxy it names the console's own address first.
    expect(ipFromEcho('{"origin":"203.0.113.7, 10.0.0.1"}')).toBeNull();
    expect(ipFromEcho('<html>blocked</html>')).toBeNull();
  });
});

describe('family rule', () => {
  const mine = {
    userId: 1,
    brokerUsername: 'AB1234',
    familyGroup: null,
    identity: 'bind 127.0.0.2',
    publicIp: '127.0.0.2',
  };
  const other = { userId: 2, brokerUsername: 'CD5678', familyGroup: null, identity: 'bind 127.0.0.2', publicIp: null };

  it("refuses another trader's account on the same address unless both name the same family, in any letter case", () => {
    const refusal = familyRefusal(mine, [other]);
    expect(refusal).toMatch(/only one family may share an IP/);
    expect(refusal).not.toContain('CD5678');
    const sharma = { ...mine, familyGroup: 'Sharma' };
    expect(familyRefusal(sharma, [{ ...other, familyGroup: 'sharma ' }])).toBeNull();
    expect(familyRefusal(sharma, [{ ...other, familyGroup: 'Mehta' }])).not.toBeNull();
  });

  it('finds one exit behind two names by the public IPs the checks found', () => {
    const byName = { ...other, identity: 'proxy http://proxy.example:3128 ann', publicIp: '203.0.113.7' };
    const byIp = { ...mine, identity: 'proxy http://203.0.113.7:3128 cat', publicIp: '203.0.113.7' };
    expect(familyRefusal(byIp, [byName])).not.toBeNull();
    // A gateway that gives each user their own exit: same host, different users and IPs, no clash.
    const gateway = { ...byIp, identity: 'proxy http://proxy.example:3128 cat', publicIp: '198.51.100.9' };
    expect(familyRefusal(gateway, [byName])).toBeNull();
  });

  it("lets a trader's own accounts share, and the server's route alone is no clash", () => {
    expect(familyRefusal(mine, [{ ...mine, brokerUsername: 'AB9999' }])).toBeNull();
    const server = { ...mine, identity: 'server', publicIp: null };
    expect(familyRefusal(server, [{ ...other, identity: 'server' }])).toBeNull();
    expect(familyRefusal(mine, [{ ...other, identity: 'bind 127.0.0.3' }])).toBeNull();
  });
});

describe('addresses as compared', () => {
  it('writes an IPv6 address in its one short form', () => {
    expect(normalIp('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalIp('::ffff:127.0.0.2')).toBe('127.0.0.2');
  });
});
