import { marketDataRoutes, MSG } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callRoute, messageOf } from '../../api/client';
import { Message, useFlash } from '../../components/Message';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { scheduleControls, scheduleSummary } from './schedule-format';
import './SchedulingTab.css';

const schedulingKey = ['live-sync', 'scheduling'] as const;

const onOff = (on: boolean | undefined) => (on === undefined ? 'Unknown' : on ? 'Enabled' : 'Disabled');

/** Admin scheduling tab: automatic start and stop of live sync around market hours. */
export function SchedulingTab() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const once = useSingleFlight();
  const status = useQuery({
    queryKey: schedulingKey,
    queryFn: async () => (await call(marketDataRoutes.scheduleStatus)).scheduling,
  });

  const toggle = useMutation({
    mutationFn: (enable: boolean) =>
      callRoute(enable ? marketDataRoutes.scheduleEnable : marketDataRoutes.scheduleDisable),
    onSuccess: (reply, enable) => {
      queryClient.setQueryData(schedulingKey, reply.data.scheduling);
      show('success', reply.message ?? (enable ? MSG.schedulingEnabled : MSG.schedulingDisabled));
    },
    onError: (err, enable) =>
      show('error', messageOf(err, enable ? MSG.failedEnableScheduling : MSG.failedDisableScheduling)),
  });

  const s = status.data;
  const { canEnable, canDisable } = scheduleControls(s);
  const summary = scheduleSummary(s);

  return (
    <section className="stack">
      <h2 className="tab-title">Auto-Scheduling</h2>
      <Message flash={flash} onClose={clear} />
      {status.isError && (
        <div className="message message-error" role="alert">
          {messageOf(status.error, MSG.failedFetchScheduling)}
        </div>
      )}
      <div className="card stack">
        <p className="muted">
          When enabled, live sync starts at {summary.start} and stops at {summary.stop}, {summary.days}.
        </p>
        {status.isPending ? (
          <p className="muted">Loading scheduling status...</p>
        ) : (
          <dl className="schedule-status" aria-label="Scheduling status">
            <dt>Auto Start</dt>
            <dd>{onOff(s?.autoStart)}</dd>
            <dt>Auto Stop</dt>
            <dd>{onOff(s?.autoStop)}</dd>
            <dt>Start Time</dt>
            <dd>{summary.start}</dd>
            <dt>Stop Time</dt>
            <dd>{summary.stop}</dd>
            <dt>Days</dt>
            <dd>{summary.days}</dd>
          </dl>
        )}
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={!canEnable || toggle.isPending || status.isPending}
            onClick={() => once(() => toggle.mutateAsync(true))}
          >
            Enable
          </button>
          <button
            type="button"
            className="danger"
            disabled={!canDisable || toggle.isPending || status.isPending}
            onClick={() => once(() => toggle.mutateAsync(false))}
          >
            Disable
          </button>
        </div>
      </div>
    </section>
  );
}
