import { api } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { mappingKeys } from '../strategies/mapping-keys';
import { useMappings } from '../strategies/useMappings';
import { istClock } from './KillSwitchBanner';
import {
  engageConfirm,
  killSwitchKey,
  killSwitchReach,
  legsText,
  RELEASE_CONFIRM,
  strategiesText,
  useKillSwitch,
} from './kill-switch-query';
import './kill-switch.css';

/**
 * The admin rdx tab's kill switch (issue 13): a big control guarded by a confirm naming how many strategies
 * and open legs engaging closes. Releasing asks too, and restarts nothing.
 */
export function KillSwitchControl() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const state = useKillSwitch();
  const mappings = useMappings('all');
  const confirm = useConfirm();

  const toggle = useMutation({
    mutationFn: (engaged: boolean) => call(api.risk.setKillSwitch, { body: { engaged } }),
    onSuccess: (reply) => {
      const { stopped_strategies: stopped, closed_legs: legs, ...killSwitch } = reply;
      queryClient.setQueryData(killSwitchKey, killSwitch);
      show(
        'success',
        reply.engaged
          ? `Kill switch engaged: ${strategiesText(stopped)} stopped, ${legsText(legs)} closed`
          : 'Kill switch released: strategies stay stopped until their owners start them',
      );
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    },
    onError: (err) => show('error', messageOf(err, 'Failed to change the kill switch')),
  });

  const engaged = state.data?.engaged ?? false;

  // The console's own dialog asks once: a double click's second ask, while the first is open, is answered no.
  async function onClick() {
    if (engaged) {
      if (await confirm(RELEASE_CONFIRM)) toggle.mutate(false);
      return;
    }
    if (await confirm(engageConfirm(killSwitchReach(mappings.data ?? [])))) toggle.mutate(true);
  }

  return (
    <div className="card stack kill-switch-control" data-testid="kill-switch-control">
      <h3>Kill switch</h3>
      <Message flash={flash} onClose={clear} />
      <p data-testid="kill-switch-state">
        {state.isPending ? (
          <span className="muted">Loading...</span>
        ) : engaged ? (
          <>
            <span className="badge live">Engaged</span>
            {state.data?.engaged_at ? ` since ${istClock(state.data.engaged_at)}` : ''}
            {state.data?.engaged_by ? ` by ${state.data.engaged_by}` : ''}
          </>
        ) : (
          <span className="badge running">Released</span>
        )}
      </p>
      <div className="row">
        <button
          type="button"
          className={engaged ? 'kill-switch-button' : 'danger kill-switch-button'}
          disabled={toggle.isPending || state.isPending || (!engaged && mappings.isPending)}
          onClick={() => void onClick()}
        >
          {engaged ? 'Release Kill Switch' : 'Engage Kill Switch'}
        </button>
      </div>
    </div>
  );
}
