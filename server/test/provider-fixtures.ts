import { readFileSync } from 'node:fs';

/** Reads a provider payload from `server/test/fixtures/<provider>/` (copies of the providers' own files). */
export function readFixture(provider: 'kite' | 'binance', name: string): string {
  return readFileSync(new URL(`./fixtures/${provider}/${name}`, import.meta.url), 'utf8');
}

/** Reads and parses a JSON fixture; the caller names the shape it expects and the test asserts on it. */
export function readJsonFixture<T>(provider: 'kite' | 'binance', name: string): T {
  return JSON.parse(readFixture(provider, name)) as T;
}

/** A `.packet` fixture decoded from base64 into bytes. */
export function readPacketFixture(name: string): Uint8Array {
  return new Uint8Array(Buffer.from(readFixture('kite', name).trim(), 'base64'));
}
