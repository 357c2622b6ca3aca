import { api, engineRoutes, MSG, type Mapping, type StrategyActionName } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { call, callRoute, messageOf } from '../../api/client';
import { rdxConfigKeys } from '../rdx/rdx-config-keys';
import { mappingKeys, patchMappingInCache } from './mapping-keys';
import { actionDoneMessage } from './strategy-display';

export type StrategyAction = StrategyActionName;

/** Button label, in-progress label and failure text of each row action (SPEC §8, Start added by issue 8). */
export const STRATEGY_ACTIONS: Record<StrategyAction, { label: string; busyLabel: string; failure: string }> = {
  start: { label: 'Start', busyLabel: 'Starting...', failure: MSG.failedStartStrategy },
  pause: { label: 'Pause', busyLabel: 'Pausing...', failure: MSG.failedPauseStrategy },
  resume: { label: 'Resume', busyLabel: 'Resuming...', failure: MSG.failedResumeStrategy },
  realign: { label: 'Realign', busyLabel: 'Realigning...', failure: MSG.failedRealignStrategy },
  exit: { label: 'Exit', busyLabel: 'Exiting...', failure: MSG.failedExitStrategy },
};

/** The order the row shows its actions in. */
export const ACTION_ORDER: readonly StrategyAction[] = ['start', 'pause', 'resume', 'realign', 'exit'];

interface Outcome {
  /** What changed on the row: the whole strategy as the server now sees it. */
  patch: Mapping;
  /** The server's note, e.g. a realign that had nothing to do. */
  message?: string;
}

/**
 * Calls the action. Every reply carries the whole strategy, merged into the row so its
 * status_detail and available_actions refresh; Resume's status is the reply's newStatus (SPEC §4).
 */
async function perform(id: number, action: StrategyAction): Promise<Outcome> {
  const params = { id };
  switch (action) {
    case 'start':
      return { patch: (await call(api.strategies.toggleStatus, { params, body: { running_status: 1 } })).strategy };
    case 'pause':
      return { patch: (await call(api.rdx.pause, { params })).strategy };
    case 'resume': {
      const reply = await call(api.rdx.resume, { params });
      return { patch: { ...reply.strategy, running_status: reply.newStatus } };
    }
    case 'realign': {
      const reply = await callRoute(engineRoutes.realign, { params });
      return { patch: reply.data.strategy, ...(reply.message ? { message: reply.message } : {}) };
    }
    case 'exit':
      return { patch: (await call(engineRoutes.exit, { params })).strategy };
  }
}

export interface StrategyActionCallbacks {
  onError: (text: string) => void;
  /** A note from the server that is not a failure (a realign with nothing to do). */
  onInfo?: (text: string) => void;
  /** What a Start or Resume did, in a trader's words ("Started RDX on NIFTY 50 (LIVE · AB1234). …"). */
  onDone?: (text: string) => void;
}

/**
 * Row actions of the Active Strategies table. `pending` says which action each row is
 * running, so that row shows the in-progress label and disables its buttons meanwhile; a
 * second action on a busy row (or one waiting for `confirm`) is ignored even before the
 * re-render disables its buttons. `confirm` false cancels the action.
 */
export function useStrategyActions({ onError, onInfo, onDone }: StrategyActionCallbacks) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<number, StrategyAction>>(new Map());
  const busyRows = useRef(new Set<number>());

  const run = useCallback(
    async (id: number, action: StrategyAction, confirm?: () => Promise<boolean>) => {
      if (busyRows.current.has(id)) return;
      busyRows.current.add(id);
      try {
        if (confirm && !(await confirm())) return;
        setPending((p) => new Map(p).set(id, action));
        const { patch, message } = await perform(id, action);
        patchMappingInCache(queryClient, id, patch);
        // An entry or realign moves the ATM the row's RDX data shows.
        if (action === 'realign') void queryClient.invalidateQueries({ queryKey: rdxConfigKeys.detail(id) });
        if (message) onInfo?.(message);
        // A start said nothing before (issue 27): the trader is told it went ahead, and what it does next.
        const done = actionDoneMessage(action, patch);
        if (done) onDone?.(done);
      } catch (err) {
        onError(messageOf(err, STRATEGY_ACTIONS[action].failure));
        // A failed action may still have moved the row (an Exit stops the strategy, then the broker refuses):
        // read it again so its status says what the console does next.
        void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      } finally {
        busyRows.current.delete(id);
        setPending((p) => {
          const next = new Map(p);
          next.delete(id);
          return next;
        });
      }
    },
    [queryClient, onError, onInfo, onDone],
  );

  return { pending, run };
}
