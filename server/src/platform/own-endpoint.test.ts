import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ownEndpoint } from './own-endpoint.js';

describe('ownEndpoint', () => {
  const listening =
    (address: string, port = 3000) =>
    () => ({ address, port, family: 'IPv4' });

  it('on every interface: any address of this machine on the console port, however spelled', () => {
    const own = ownEndpoint(listening('0.0.0.0'));
    const machine = Object.values(os.networkInterfaces())
      .flat()
      .map((i) => i?.address)
      .filter((a): a is string => Boolean(a));
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', ...machine]) {
      expect(own(address, 3000), address).toBe(true);
      expect(own(address, 3001), address).toBe(false);
    }
    expect(own('8.8.8.8', 3000)).toBe(false);
  });

  it('on one address: that one (and loopback for loopback)', () => {
    const own = ownEndpoint(listening('127.0.0.1'));
    expect(own('127.0.0.1', 3000)).toBe(true);
    expect(own('127.0.0.2', 3000)).toBe(true);
    expect(own('10.9.9.9', 3000)).toBe(false);
    const onLan = ownEndpoint(listening('10.0.0.7'));
    expect(onLan('10.0.0.7', 3000)).toBe(true);
    expect(onLan('::ffff:10.0.0.7', 3000)).toBe(true);
    expect(onLan('127.0.0.1', 3000)).toBe(false);
  });

  it('is nothing while the console does not listen', () => {
    expect(ownEndpoint(() => null)('127.0.0.1', 3000)).toBe(false);
  });
});
