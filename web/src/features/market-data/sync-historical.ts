import { historicalSyncDone, MSG, type LiveDataConfig } from '@app/contract';
import type { Flash } from '../../components/Message';
import { formatQuantity } from '../../lib/format';
import { configLabel } from './data-labels';

type FetchOne = (config: LiveDataConfig) => Promise<{ recordsInserted: number; recordsFetched: number }>;

/** How one config's fetch went. */
export type SyncOutcome =
  | { config: LiveDataConfig; isOk: true; fetched: number; inserted: number }
  | { config: LiveDataConfig; isOk: false; reason: string };

/** Where a sync is: the config being fetched now, and how many came before it. */
export interface SyncProgress {
  config: LiveDataConfig;
  done: number;
  total: number;
}

/**
 * SPEC §7: one historical fetch per live config. One at a time, so a long list does not hit the
 * provider's rate limits all at once; a failure is recorded and the next config still runs, so
 * one bad config does not hide that the others synced. `onProgress` hears of each config as it starts.
 */
export async function syncHistorical(
  configs: LiveDataConfig[],
  fetchOne: FetchOne,
  reasonOf: (err: unknown) => string,
  onProgress?: (progress: SyncProgress) => void,
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const config of configs) {
    onProgress?.({ config, done: outcomes.length, total: configs.length });
    try {
      const { recordsFetched, recordsInserted } = await fetchOne(config);
      outcomes.push({ config, isOk: true, fetched: recordsFetched, inserted: recordsInserted });
    } catch (err) {
      outcomes.push({ config, isOk: false, reason: reasonOf(err) });
    }
  }
  return outcomes;
}

/** "Syncing historical data: NIFTY BANK 15m (Kite), 1 of 3..." while a sync runs (a long one is not a stuck one). */
export function syncProgressText(p: SyncProgress): string {
  return `Syncing historical data: ${configLabel(p.config)}, ${p.done + 1} of ${p.total}...`;
}

function outcomeLine(o: SyncOutcome): string {
  const label = configLabel(o.config);
  if (!o.isOk) return `${label}: failed - ${o.reason}`;
  return `${label}: ${formatQuantity(o.fetched)} fetched, ${formatQuantity(o.inserted)} new`;
}

/**
 * The report of a sync: a line per config ("138 fetched, 0 new", so a re-sync of a stored day no
 * longer reads as if nothing came back), and SPEC's total, which sums recordsInserted (SPEC §7),
 * when any config synced. A report with a failure stays until closed.
 */
export function syncReport(outcomes: SyncOutcome[]): Flash {
  const lines = outcomes.map(outcomeLine);
  const synced = outcomes.filter((o) => o.isOk);
  const failed = outcomes.length - synced.length;
  const total = historicalSyncDone(synced.reduce((sum, o) => sum + o.inserted, 0));
  if (failed === 0) return { kind: 'success', text: total, details: lines };
  if (synced.length === 0)
    return { kind: 'error', text: MSG.failedSyncHistoricalTryAgain, details: lines, isSticky: true };
  return {
    kind: 'error',
    text: `${failed} of ${outcomes.length} configurations failed to sync; the others were synced.`,
    details: [...lines, total],
    isSticky: true,
  };
}
