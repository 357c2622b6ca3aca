import { historicalSyncDone, MSG, type LiveDataConfig } from '@app/contract';
import type { Flash } from '../../components/Message';
import { formatQuantity } from '../../lib/format';
import { configLabel } from './data-labels';

type FetchOne = (config: LiveDataConfig) => Promise<{ recordsInserted: number; recordsFetched: number }>;

/** How one config's fetch went. */
export type SyncOutcome =
  | { config: LiveDataConfig; isOk: true; fetched: number; inserted: number }
  | { config: LiveDataConfig; isOk: false; reason: string };

/**
 * SPEC §7: one historical fetch per live config. One at a time, so a long list does not hit the
 * provider's rate limits all at once; a failure is recorded and the next config still runs, so
 * one bad config does not hide that the others synced.
 */
export async function syncHistorical(
  configs: LiveDataConfig[],
  fetchOne: FetchOne,
  reasonOf: (err: unknown) => string,
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const config of configs) {
    try {
      const { recordsFetched, recordsInserted } = await fetchOne(config);
      outcomes.push({ config, isOk: true, fetched: recordsFetched, inserted: recordsInserted });
    } catch (err) {
      outcomes.push({ config, isOk: false, reason: reasonOf(err) });
    }
  }
  return outcomes;
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
