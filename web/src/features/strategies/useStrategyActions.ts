import { api, engineRoutes, MSG, RUNNING_STATUS, type Mapping } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { call, messageOf } from '../../api/client';
import { patchMappingInCache } from './mapping-keys';

export type StrategyAction = 'pause' | 'resume' | 'realign' | 'exit';

/** Button label, in-progress label and SPEC §8 failure text of each row action. */
export const STRATEGY_ACTIONS: Record<StrategyAction, { label: string; busyLabel: string; failure: string }> = {
  pause: { label: 'Pause', busyLabel: 'Pausing...', failure: MSG.failedPauseStrategy },
  resume: { label: 'Resume', busyLabel: 'Resuming...', failure: MSG.failedResumeStrategy },
  realign: { label: 'Realign', busyLabel: 'Realigning...', failure: MSG.failedRealignStrategy },
  exit: { label: 'Exit', busyLabel: 'Exiting...', failure: MSG.failedExitStrategy },
};

/** Calls the action and returns what changed on the row (SPEC §4 running_status rules). */
async function perform(id: number, action: StrategyAction): Promise<Partial<Mapping>> {
  const params = { id };
  switch (action) {
    case 'pause':
      await call(api.rdx.pause, { params });
      return { running_status: RUNNING_STATUS.PAUSED };
    case 'resume':
      return { running_status: (await call(api.rdx.resume, { params })).newStatus };
    case 'realign':
      return (await call(engineRoutes.realign, { params })).strategy;
    case 'exit':
      return (await call(engineRoutes.exit, { params })).strategy;
  }
}

/**
 * Row actions of the Active Strategies table. `pending` says which action each row is
 * running, so that row shows the in-progress label and disables its buttons meanwhile.
 */
export function useStrategyActions(onError: (text: string) => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<number, StrategyAction>>(new Map());

  const run = useCallback(
    async (id: number, action: StrategyAction) => {
      setPending((p) => new Map(p).set(id, action));
      try {
        patchMappingInCache(queryClient, id, await perform(id, action));
      } catch (err) {
        onError(messageOf(err, STRATEGY_ACTIONS[action].failure));
      } finally {
        setPending((p) => {
          const next = new Map(p);
          next.delete(id);
          return next;
        });
      }
    },
    [queryClient, onError],
  );

  return { pending, run };
}
