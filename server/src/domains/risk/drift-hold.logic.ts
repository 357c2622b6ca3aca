import { RUNNING_STATUS } from '@app/contract';

/** A strategy's stop as the row stores it. */
export interface DriftStopFacts {
  runningStatus: number;
  stopReason: string | null;
  /** What still differs (drift-pause.ts keeps it to the latest comparison); null once nothing does. */
  stopNote: string | null;
}

/**
 * What the broker no longer holds of a strategy paused on a broker difference (issue 27), while it still
 * differs: its Exit would buy back a leg nobody holds (opening a new long), a realign would trade beside it,
 * and a resume would trade on it at the next close. Null when the strategy is not held back so.
 */
export function driftHold(m: DriftStopFacts): string | null {
  if (m.runningStatus !== RUNNING_STATUS.PAUSED || m.stopReason !== 'broker_drift') return null;
  return m.stopNote ? m.stopNote : null;
}

export type HeldAction = 'exit' | 'realign' | 'resume';

const WHY: Record<HeldAction, string> = {
  exit: 'Not exited: buying back a leg the broker no longer holds would open a new position',
  realign: 'Not realigned: it would trade beside a leg the broker no longer holds',
  resume: 'Not resumed: it would trade on a leg the broker no longer holds',
};

/** The 409's words: why the action waits, and what the trader does first in `broker` (its label, "Kite"). */
export function driftHoldRefusal(action: HeldAction, difference: string, broker: string): string {
  const then = { exit: 'Exit', realign: 'Realign', resume: 'Resume' }[action];
  return (
    `${WHY[action]} (${difference}). Bought it back in ${broker}? Press Match the broker and book it at your ` +
    `price; or sell it again in ${broker} so the broker holds what the console counts (the console checks every minute, ` +
    `Check now at once); then ${then}`
  );
}
