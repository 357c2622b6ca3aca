import './LiveSyncPanel.css';
import type { LiveDataConfig } from '@app/contract';
import type { FlashOptions, MessageKind } from '../../components/Message';
import { formatTimeIst } from '../../lib/format';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useLiveSync } from './useLiveSync';

interface Props {
  configs: LiveDataConfig[];
  notify: (kind: MessageKind, text: string, options?: FlashOptions) => void;
}

/** Historical sync of every live config, live sync start/stop and the live sync status line. */
export function LiveSyncPanel({ configs, notify }: Props) {
  const { status, checkedAt, start, stop, historical, historicalProgress } = useLiveSync(notify);
  const once = useSingleFlight();
  const isBusy = start.isPending || stop.isPending;
  const sources = status.connectedSources.length ? status.connectedSources.join(', ') : 'none';

  return (
    <div className="stack live-sync-panel">
      <div className="row">
        <button
          type="button"
          title={
            configs.length === 0
              ? 'Add a live data configuration first: the sync fetches the history of each'
              : undefined
          }
          disabled={configs.length === 0 || historical.isPending}
          onClick={() => once(() => historical.mutateAsync(configs))}
        >
          {historical.isPending ? 'Syncing Historical Data...' : 'Sync Historical Data'}
        </button>
        <button
          type="button"
          className="primary"
          disabled={status.isRunning || configs.length === 0 || isBusy}
          onClick={() => once(() => start.mutateAsync())}
        >
          Sync live data
        </button>
        <button
          type="button"
          className="danger"
          disabled={!status.isRunning || isBusy}
          onClick={() => once(() => stop.mutateAsync())}
        >
          Stop Sync
        </button>
      </div>
      {historicalProgress && (
        <p className="live-sync-progress" role="status" data-testid="historical-sync-progress">
          {historicalProgress}
        </p>
      )}
      <p className="live-sync-status" data-testid="live-sync-status">
        <span>
          Live sync:{' '}
          <span className={status.isRunning ? 'badge running' : 'badge'}>
            {status.isRunning ? 'Running' : 'Stopped'}
          </span>
        </span>
        <span>
          Connected sources: {sources}
          {/* Stopped live sync with a stream open: the RDX engine's candles for running strategies. */}
          {!status.isRunning && status.connectedSources.length > 0 && ' (for running strategies)'}
        </span>
        <span>Active subscriptions: {status.activeSubscriptions.length}</span>
        {checkedAt > 0 && <span>Checked at {formatTimeIst(checkedAt)}</span>}
      </p>
      {/* A stream that stopped for good (a refused token) stops candles for live sync and the engine alike. */}
      {status.haltedSources.map((h) => (
        <p key={h.source} className="live-sync-halted" role="alert" data-testid={`stream-halted-${h.source}`}>
          {h.source === 'kite' ? 'Kite' : h.source} stream stopped: {h.reason}
        </p>
      ))}
    </div>
  );
}
