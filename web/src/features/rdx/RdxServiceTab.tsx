import { api, engineRoutes, MSG } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { mappingKeys } from '../strategies/mapping-keys';
import { KillSwitchControl } from '../risk/KillSwitchControl';
import { LeaderLine } from './LeaderLine';
import { exposureOf, stopServiceQuestion } from './rdx-service-confirm';
import { rdxServiceKey, useRdxServiceStatus } from './rdx-service-query';

/**
 * Admin rdx tab: start and stop the RDX strategy service and see whether it runs. Stop asks first with how
 * many strategies it concerns; running ones keep their legs while it is off (issue 27).
 */
export function RdxServiceTab() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const status = useRdxServiceStatus(15_000);
  const confirm = useConfirm();
  const [isAsking, setIsAsking] = useState(false);

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

  /** Stop asks first, with what it concerns counted from every user's strategies read fresh (issue 27). */
  async function stopService() {
    setIsAsking(true);
    try {
      const all = await queryClient
        .fetchQuery({ queryKey: mappingKeys.allUsers(), queryFn: () => call(api.strategies.listAll), staleTime: 0 })
        .catch(() => null);
      if (await confirm(stopServiceQuestion(all ? exposureOf(all) : null))) control.mutate(false);
    } finally {
      setIsAsking(false);
    }
  }

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
            disabled={!isRunning || control.isPending || status.isPending || isAsking}
            onClick={() => void stopService()}
          >
            Stop RDX Service
          </button>
        </div>
      </div>
      <KillSwitchControl />
    </section>
  );
}
