import { istDay } from '@app/contract';
import { badRequest } from '../../platform/errors.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { gapsOf } from './candle-gaps.logic.js';
import { parseOptionCsv } from './option-csv.logic.js';
import type { OptionHistoryRepository } from './option-history.repository.js';
import { contractKey, type ContractGaps, type OptionCandle, type OptionContract } from './option-history.types.js';

/** One contract's candles over a span, in time order, and the NSE minutes it has no price for. */
export interface ContractHistory {
  contract: OptionContract;
  candles: OptionCandle[];
  gaps: ContractGaps;
}

/**
 * Option history (issue 30): imports of brokers' expired-option exports, and the read the Strategy Lab's
 * backtests price from. A gap is reported, never filled.
 */
export function createOptionHistoryService(deps: { repo: OptionHistoryRepository; holidays: HolidaySource }) {
  return {
    /** Imports an option-candle CSV: every row, or none (400 naming each bad row's line and column). */
    async importCsv(text: string): Promise<{ imported: number; replaced: number }> {
      const parsed = parseOptionCsv(text);
      if ('error' in parsed) throw badRequest(parsed.error, { rows: parsed.problems });
      return deps.repo.saveImported(parsed.candles);
    },

    /**
     * Every candle of an underlying with from ≤ ts < to, per contract, with the minutes of NSE's session in
     * that span each contract (that has any candle) lacks, up to its expiry.
     */
    async candlesBetween(underlying: string, from: number, to: number): Promise<ContractHistory[]> {
      const rows = await deps.repo.candlesBetween(underlying.toUpperCase(), from, to);
      const holidays = new Set((await deps.holidays.holidaysFrom(istDay(from))).map((h) => h.date));
      const byContract = new Map<string, ContractHistory>();
      for (const { source: _source, ...candle } of rows) {
        const key = contractKey(candle);
        let entry = byContract.get(key);
        if (!entry) {
          const { underlying: u, expiry, strikePaise, optionType } = candle;
          entry = {
            contract: { underlying: u, expiry, strikePaise, optionType },
            candles: [],
            gaps: { missing: 0, firstMissing: null },
          };
          byContract.set(key, entry);
        }
        entry.candles.push(candle);
      }
      for (const entry of byContract.values()) {
        const times = new Set(entry.candles.map((c) => c.ts));
        entry.gaps = gapsOf(times, entry.contract.expiry, from, to, holidays);
      }
      return [...byContract.values()];
    },
  };
}

export type OptionHistoryService = ReturnType<typeof createOptionHistoryService>;
