import { describe, expect, it } from 'vitest';
import { refusedDestination } from './outbound-destinations.js';

/* Where a URL a user typed may make the server connect (server-side request forgery). */
describe('refusedDestination', () => {
  const strict = { allowPrivate: false };
  const lenient = { allowPrivate: true };

  it('never reaches cloud metadata, link-local, unspecified, multicast, broadcast or documentation addresses', () => {
    for (const ip of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.99',
      '198.18.0.1',
      '198.19.255.254',
      '::',
      'fe80::1',
      'ff02::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '::127.0.0.1',
      '::10.0.0.1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(refusedDestination(ip, 443, lenient), ip).toBe('is not a public address');
    }
  });

  it('reaches loopback and private networks only when the operator allows them', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.1',
      '192.168.1.10',
      '100.64.0.1',
      '::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(refusedDestination(ip, 443, strict), ip).toBe(
        'is a private address (the operator can allow them with WEBHOOK_ALLOW_PRIVATE=1)',
      );
      expect(refusedDestination(ip, 443, lenient), ip).toBeNull();
    }
  });

  it('reaches public addresses, including ones next to the special ranges and NAT64 to a public one', () => {
    for (const ip of [
      '8.8.8.8',
      '172.32.0.1',
      '172.15.255.255',
      '192.169.0.1',
      '100.128.0.1',
      '198.20.0.1',
      '203.0.114.1',
      '2606:4700::1111',
      '64:ff9b::808:808',
      '::ffff:8.8.8.8',
    ]) {
      expect(refusedDestination(ip, 443, strict), ip).toBeNull();
    }
  });

  it("never reaches the console's own listening socket, even with private networks allowed", () => {
    const rules = {
      allowPrivate: true,
      isOwnEndpoint: (ip: string, port: number) => ip === '127.0.0.1' && port === 3000,
    };
    expect(refusedDestination('127.0.0.1', 3000, rules)).toBe('is this console itself');
    expect(refusedDestination('127.0.0.1', 3001, rules)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(refusedDestination('example.com', 443, lenient)).toBe('is not an IP address');
  });
});
