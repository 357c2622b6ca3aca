import { describe, expect, it } from 'vitest';
import { refusedDestination } from './outbound-destinations.js';

/* Where a URL a user typed may make the server connect (server-side request forgery). */
describe('refusedDestination', () => {
  const strict = { allowPrivate: false };
  const lenient = { allowPrivate: true };

  it('never reaches cloud metadata, link-local, unspecified, multicast or broadcast addresses', () => {
    for (const ip of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      'fe80::1',
      'ff02::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
    ]) {
      expect(refusedDestination(ip, lenient), ip).toMatch(/is not a public address$/);
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
    ]) {
      expect(refusedDestination(ip, strict), ip).toMatch(
        /is a private address \(the operator can allow them with WEBHOOK_ALLOW_PRIVATE=1\)$/,
      );
      expect(refusedDestination(ip, lenient), ip).toBeNull();
    }
  });

  it('reaches public addresses, including ones next to the private ranges', () => {
    for (const ip of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(refusedDestination(ip, strict), ip).toBeNull();
    }
  });

  it('refuses what is not an address', () => {
    expect(refusedDestination('example.com', lenient)).toBe('example.com is not an IP address');
  });
});
