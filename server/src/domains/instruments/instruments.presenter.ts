import type { Instrument } from '@app/contract';
import type { InstrumentRow } from '../../db/schema.js';
import { iso } from '../../platform/time.js';
import { marketState } from './market-hours.logic.js';

export function toInstrument(row: InstrumentRow, now: number): Instrument {
  const state = marketState(row, now);
  return {
    id: row.id,
    name: row.name,
    ticker: row.ticker,
    instrument_token: row.instrumentToken,
    lot_size: row.lotSize,
    market_open_time: row.marketOpenTime,
    market_close_time: row.marketCloseTime,
    timezone: row.timezone,
    trading_days: row.tradingDays,
    market_protection: row.marketProtection,
    market_status: {
      isOpen: state.isOpen,
      openTime: row.marketOpenTime,
      closeTime: row.marketCloseTime,
      timezone: row.timezone,
      nextChange: state.nextChange === null ? null : iso(state.nextChange),
    },
  };
}
