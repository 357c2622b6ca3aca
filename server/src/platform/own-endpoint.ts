import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { addressKey } from './special-addresses.js';

/** Whether a connection to `address` (an IP) on `port` would reach this console's own HTTP server. */
export type IsOwnEndpoint = (address: string, port: number) => boolean;

/** Every address of this machine's interfaces, loopback included, as `addressKey`s. */
function machineAddresses(): Set<string> {
  const keys = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      const key = addressKey(entry.address);
      if (key) keys.add(key);
    }
  }
  return keys;
}

const isUnspecified = (address: string) => address === '0.0.0.0' || address === '::';

/** 127.0.0.0/8 (however spelled) or ::1. */
function isLoopback(address: string): boolean {
  const key = addressKey(address);
  return key !== null && (key.length === 8 ? key.startsWith('7f') : key === `${'0'.repeat(31)}1`);
}

/**
 * This console's own listening socket, as `listening()` (the HTTP server's `address()`) reports it now: a
 * webhook must never be the console calling its own API, whatever WEBHOOK_ALLOW_PRIVATE allows. Listening on
 * every interface (0.0.0.0, ::), any address of this machine on that port is the console; otherwise the one
 * it listens on (any loopback address when that is loopback: Linux answers all of 127.0.0.0/8 there).
 * Not listening (tests that inject, a worker-only process): nothing is.
 */
export function ownEndpoint(listening: () => AddressInfo | string | null): IsOwnEndpoint {
  return (address, port) => {
    const own = listening();
    if (!own || typeof own === 'string' || own.port !== port) return false;
    const key = addressKey(address);
    if (!key) return false;
    if (isUnspecified(own.address)) return isLoopback(address) || machineAddresses().has(key);
    return key === addressKey(own.address) || (isLoopback(address) && isLoopback(own.address));
  };
}
