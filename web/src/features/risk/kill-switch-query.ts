import { api, isLiveStatus, MODE_LABELS, type Mapping } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { ConfirmQuestion } from '../../components/ConfirmDialog';

/** One cache entry for the kill switch: the admin's control updates every banner at once. */
export const killSwitchKey = ['risk', 'kill-switch'] as const;

/** How often a screen re-reads the kill switch (an admin action, on any console instance). */
export const KILL_SWITCH_POLL_MS = 15_000;

/** The kill switch (`GET /risk/kill-switch`, readable by every signed-in user). */
export function useKillSwitch(pollMs: number = KILL_SWITCH_POLL_MS) {
  return useQuery({ queryKey: killSwitchKey, queryFn: () => call(api.risk.killSwitch), refetchInterval: pollMs });
}

/** What engaging would close: strategies running or paused, and the legs any strategy holds. */
export function killSwitchReach(mappings: readonly Mapping[]): { strategies: number; legs: number } {
  const strategies = mappings.filter((m) => isLiveStatus(m.running_status)).length;
  const legs = mappings.reduce((n, m) => n + m.open_legs.length, 0);
  return { strategies, legs };
}

export const strategiesText = (n: number) => `${n} ${n === 1 ? 'strategy' : 'strategies'}`;
export const legsText = (n: number) => `${n} open leg${n === 1 ? '' : 's'}`;

/** The engage confirm, naming what it will close (every user's strategies: the red button). */
export function engageConfirm(reach: { strategies: number; legs: number }): ConfirmQuestion {
  return {
    title: 'Engage the kill switch?',
    text:
      `This stops ${strategiesText(reach.strategies)} (running or paused, every user's) and closes ` +
      `${legsText(reach.legs)}, ${MODE_LABELS.paper} and ${MODE_LABELS.live}. Nothing restarts when you release it.`,
    confirmLabel: 'Engage Kill Switch',
    isDanger: true,
  };
}

/** The release confirm: releasing restarts nothing. */
export const RELEASE_CONFIRM: ConfirmQuestion = {
  title: 'Release the kill switch?',
  text: 'Strategies stay stopped until their owners start them.',
  confirmLabel: 'Release Kill Switch',
};

/** The Exit all confirm, naming how many of the trader's strategies it stops. */
export function exitAllConfirm(strategies: number): ConfirmQuestion {
  return {
    title: 'Exit all?',
    text: `This stops ${strategiesText(strategies)} and squares off every open leg.`,
    confirmLabel: 'Exit all',
    isDanger: true,
  };
}
