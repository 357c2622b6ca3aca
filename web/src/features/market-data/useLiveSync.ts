import { LIVE_STATUS_REREAD_MS, marketDataRoutes, MSG, type LiveDataConfig, type LiveSyncStatus } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, callRoute, messageOf } from '../../api/client';
import type { FlashOptions, MessageKind } from '../../components/Message';
import { candlesKeyRoot } from './useCandles';
import { syncHistorical, syncProgressText, syncReport } from './sync-historical';

export const liveSyncKey = ['live-sync', 'status'] as const;

/** SPEC §4: when the status call fails, live sync counts as not running, no sources, 0 subscriptions. */
export const NOT_RUNNING: LiveSyncStatus = {
  isRunning: false,
  connectedSources: [],
  activeSubscriptions: [],
  haltedSources: [],
};

type Notify = (kind: MessageKind, text: string, options?: FlashOptions) => void;

async function readStatus(): Promise<LiveSyncStatus> {
  try {
    return (await call(marketDataRoutes.liveSyncStatus)).status;
  } catch {
    return NOT_RUNNING;
  }
}

/** Live sync status, start/stop (status re-read 1 s after either) and the historical sync of all configs. */
export function useLiveSync(notify: Notify) {
  const queryClient = useQueryClient();
  // The scheduler may start or stop live sync on its own, so the line is kept fresh.
  const status = useQuery({ queryKey: liveSyncKey, queryFn: readStatus, refetchInterval: 15_000 });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The historical sync's progress line ("NIFTY BANK 15m (Kite), 2 of 5..."), null when none runs.
  const [progress, setProgress] = useState<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const rereadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: liveSyncKey }),
      LIVE_STATUS_REREAD_MS,
    );
  }, [queryClient]);

  const start = useMutation({
    mutationFn: () => callRoute(marketDataRoutes.liveSyncStart),
    onSuccess: (reply) => {
      queryClient.setQueryData(liveSyncKey, reply.data.status);
      notify('success', reply.message ?? MSG.liveSyncStarted);
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedStartLiveSync)),
    onSettled: rereadSoon,
  });

  const stop = useMutation({
    mutationFn: () => callRoute(marketDataRoutes.liveSyncStop),
    onSuccess: (reply) => {
      queryClient.setQueryData(liveSyncKey, reply.data.status);
      notify('success', reply.message ?? MSG.liveSyncStopped);
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedStopLiveSync)),
    onSettled: rereadSoon,
  });

  const historical = useMutation({
    mutationFn: (configs: LiveDataConfig[]) =>
      syncHistorical(
        configs,
        (c) =>
          call(marketDataRoutes.fetch, {
            body: { source: c.source, instrumentToken: c.instrument_token, interval: c.interval },
          }),
        (err) => messageOf(err, MSG.networkErrorFetching),
        (p) => setProgress(syncProgressText(p)),
      ),
    onSuccess: async (outcomes) => {
      const { kind, text, ...options } = syncReport(outcomes);
      notify(kind, text, options);
      await queryClient.invalidateQueries({ queryKey: candlesKeyRoot });
    },
    onError: () => notify('error', MSG.failedSyncHistoricalTryAgain),
    onSettled: () => setProgress(null),
  });

  return {
    status: status.data ?? NOT_RUNNING,
    isStatusPending: status.isPending,
    /** When the status line was last read (epoch ms), 0 before the first read. */
    checkedAt: status.dataUpdatedAt,
    start,
    stop,
    historical,
    historicalProgress: progress,
  };
}
