import { engineRoutes, MSG } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { Message, useFlash } from '../../components/Message';
import { mappingKeys } from '../strategies/mapping-keys';
import { KillSwitchControl } from '../risk/KillSwitchControl';
import { LeaderLine } from './LeaderLine';
import { rdxServiceKey, useRdxServiceStatus } from './rdx-service-query';

/** Admin rdx tab: start and stop the RDX strategy service and see whether it runs. */
export function RdxServiceTab() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const status = useRdxServiceStatus(15_000);

  const control = useMutation({
    mutationFn: (start: boolean) => call(start ? engineRoutes.start : engineRoutes.stop),
    onSuccess: (reply, start) => {
      queryClient.setQueryData(rdxServiceKey, reply);
      show('success', start ? MSG.rdxStarted : MSG.rdxStopped);
      // Every strategy's status_detail says whether the service runs.
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    },
    onError: (err, start) => show('error', messageOf(err, start ? MSG.failedStartRdx : MSG.failedStopRdx)),
  });

  // An unknown status counts as stopped, so Start stays available.
  const isRunning = status.data?.isRunning ?? false;

  return (
    <section className="stack">
      <h2 className="tab-title">RDX Strategy Service</h2>
      <Message flash={flash} onClose={clear} />
      {status.isError && (
        <div className="message message-error" role="alert">
          {messageOf(status.error, MSG.failedFetchStatus)}
        </div>
      )}
      <div className="card stack">
        <p data-testid="rdx-service-status">
          Service status:{' '}
          {status.isPending ? (
            <span className="muted">Loading...</span>
          ) : (
            <span className={isRunning ? 'badge running' : 'badge'}>{isRunning ? 'Running' : 'Stopped'}</span>
          )}
        </p>
        <LeaderLine />
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={isRunning || control.isPending || status.isPending}
            onClick={() => control.mutate(true)}
          >
            Start RDX Service
          </button>
          <button
            type="button"
            className="danger"
            disabled={!isRunning || control.isPending || status.isPending}
            onClick={() => control.mutate(false)}
          >
            Stop RDX Service
          </button>
        </div>
      </div>
      <KillSwitchControl />
    </section>
  );
}
