import type { DataSource } from '@app/contract';
import type { ProviderRefusal, RefusalReader } from './adapter.js';
import { binanceRefusal } from './binance-adapter.js';
import { kiteRefusal } from './kite-source.js';

/** Each source's reader of its own error replies: an error is read by the adapter whose wire it came over. */
const READERS: Record<DataSource, RefusalReader> = { kite: kiteRefusal, binance: binanceRefusal };

/** A market-data provider's refusal in the trader's words, or null when `err` is no provider's answer. */
export function providerRefusal(err: unknown): ProviderRefusal | null {
  for (const read of Object.values(READERS)) {
    const refusal = read(err);
    if (refusal) return refusal;
  }
  return null;
}
