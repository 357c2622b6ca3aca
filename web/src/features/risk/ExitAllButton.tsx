import { api } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { mappingKeys } from '../strategies/mapping-keys';
import { useMappings } from '../strategies/useMappings';
import { exitAllConfirm, killSwitchReach, strategiesText } from './kill-switch-query';

/** The user home's "Exit all" (issue 13): stops every strategy of the trader's and squares off its legs. */
export function ExitAllButton() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const mine = useMappings('mine');
  const confirm = useConfirm();
  const { strategies, legs } = killSwitchReach(mine.data ?? []);

  const exitAll = useMutation({
    mutationFn: () => call(api.strategies.exitAll),
    onSuccess: (reply) => {
      show('success', `Exit all: ${strategiesText(reply.stopped_strategies)} stopped`);
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    },
    onError: (err) => show('error', messageOf(err, 'Failed to exit all strategies')),
  });

  return (
    <div className="stack">
      <Message flash={flash} onClose={clear} />
      <div className="row">
        <button
          type="button"
          className="danger"
          data-testid="exit-all"
          disabled={exitAll.isPending || (strategies === 0 && legs === 0)}
          onClick={() =>
            void confirm(exitAllConfirm(strategies)).then((yes) => {
              if (yes) exitAll.mutate();
            })
          }
        >
          Exit all
        </button>
      </div>
    </div>
  );
}
