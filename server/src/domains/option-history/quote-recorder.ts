import type { FetchedOptionQuote } from '../../platform/domain-events.js';
import { emptyMinuteCandles, foldPrice, takeFinished } from './minute-candles.logic.js';
import type { OptionHistoryRepository, StoredQuote } from './option-history.repository.js';

/**
 * What the console keeps of the option quotes it fetches (issue 30), while it records: each last price folded
 * into its contract's minute candle, each depth quote kept as fetched. Held in memory until the leader's
 * worker writes them (`flush`), so recording never waits on the database in a paper fill's path.
 */
export function createQuoteRecorder(repo: Pick<OptionHistoryRepository, 'saveRecorded' | 'saveQuotes'>) {
  let candles = emptyMinuteCandles();
  let quotes: StoredQuote[] = [];
  let isRecording = false;

  return {
    /** Whether quotes are kept: the worker says so each tick (leader, live sync on); off drops what was held. */
    setRecording(on: boolean): void {
      if (!on && isRecording) {
        candles = emptyMinuteCandles();
        quotes = [];
      }
      isRecording = on;
    },

    /** The `option_quotes.fetched` subscriber: synchronous, so a quote is held before its fetch returns. */
    hear(fetched: readonly FetchedOptionQuote[], at: number): void {
      if (!isRecording) return;
      for (const q of fetched) {
        foldPrice(candles, q, q.lastPaise, at);
        if (q.depth) {
          const { bids, asks } = q.depth;
          const [b, a] = [JSON.stringify(bids), JSON.stringify(asks)];
          quotes.push({ tradingSymbol: q.tradingSymbol, at, ltpPaise: q.lastPaise, bids: b, asks: a });
        }
      }
    },

    /** Writes the candles whose minute has ended by `now` and every depth quote held. */
    async flush(now: number): Promise<void> {
      const finished = takeFinished(candles, now);
      const held = quotes;
      quotes = [];
      if (finished.length > 0) await repo.saveRecorded(finished);
      if (held.length > 0) await repo.saveQuotes(held);
    },
  };
}

export type QuoteRecorder = ReturnType<typeof createQuoteRecorder>;
