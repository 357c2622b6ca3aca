import type { Candle } from '@app/contract';
import type { Selectable } from 'kysely';
import type { CandlesTable } from '../../db/schema.js';

/** A stored candle as the wire and the charts take it: open time in epoch seconds, prices as numbers. */
export function toCandle(c: Selectable<CandlesTable>): Candle {
  return {
    time: Math.floor(c.ts / 1000),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
    volume: Number(c.volume),
  };
}
