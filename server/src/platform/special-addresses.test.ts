import { describe, expect, it } from 'vitest';
import { addressKey, addressKind } from './special-addresses.js';

describe('addressKind', () => {
  it('knows every range of the IPv4 special-purpose registry, at both ends', () => {
    const reserved = [
      ['0.0.0.0', '0.255.255.255'],
      ['169.254.0.0', '169.254.255.255'],
      ['192.0.0.0', '192.0.0.255'],
      ['192.0.2.0', '192.0.2.255'],
      ['192.31.196.0', '192.31.196.255'],
      ['192.52.193.0', '192.52.193.255'],
      ['192.88.99.0', '192.88.99.255'],
      ['192.175.48.0', '192.175.48.255'],
      ['198.18.0.0', '198.19.255.255'],
      ['198.51.100.0', '198.51.100.255'],
      ['203.0.113.0', '203.0.113.255'],
      ['224.0.0.0', '239.255.255.255'],
      ['240.0.0.0', '255.255.255.255'],
    ];
    for (const ends of reserved) for (const ip of ends) expect(addressKind(ip), ip).toBe('reserved');
    for (const ip of ['127.0.0.1', '10.0.0.0', '10.255.255.255', '172.16.0.0', '172.31.255.255', '192.168.0.1']) {
      expect(addressKind(ip), ip).toBe('private');
    }
    for (const ip of ['100.64.0.0', '100.127.255.255']) expect(addressKind(ip), ip).toBe('private');
    for (const ip of ['1.1.1.1', '192.0.1.255', '192.0.3.0', '198.17.255.255', '198.20.0.0', '223.255.255.255']) {
      expect(addressKind(ip), ip).toBe('public');
    }
  });

  it('knows the IPv6 registry, and judges an IPv4 address inside by the form that carries it', () => {
    for (const ip of [
      '::',
      '::ffff:0.0.0.0',
      '100::1',
      '2001:db8::1',
      '2001:2::1',
      '2001:20::1',
      '2620:4f:8000::1',
      '3fff::1',
      '5f00::1',
      'fec0::1',
      '64:ff9b:1::1',
      // The forms that carry an IPv4 address and are not judged by it: refused whatever they carry.
      '::8.8.8.8',
      '2002:808:808::1',
      '2001::1',
    ]) {
      expect(addressKind(ip), ip).toBe('reserved');
    }
    expect(addressKind('::ffff:192.168.0.1')).toBe('private');
    expect(addressKind('::FFFF:C0A8:1')).toBe('private');
    expect(addressKind('::ffff:198.51.100.1')).toBe('reserved');
    expect(addressKind('64:ff9b::c0a8:1')).toBe('reserved');
    expect(addressKind('64:ff9b::1.1.1.1')).toBe('public');
    expect(addressKind('2a00:1450:4001:80b::200e')).toBe('public');
  });

  it('is null for what is not an address', () => {
    expect(addressKind('localhost')).toBeNull();
    expect(addressKind('1.2.3')).toBeNull();
  });
});

describe('addressKey', () => {
  it('spells an address one way, an IPv4-mapped one as its IPv4 address', () => {
    expect(addressKey('::ffff:127.0.0.1')).toBe(addressKey('127.0.0.1'));
    expect(addressKey('::ffff:7f00:1')).toBe(addressKey('127.0.0.1'));
    expect(addressKey('0:0:0:0:0:0:0:1')).toBe(addressKey('::1'));
    expect(addressKey('::1')).not.toBe(addressKey('127.0.0.1'));
    expect(addressKey('nope')).toBeNull();
  });
});
