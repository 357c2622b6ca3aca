import { MODE_LABELS, MSG, serviceExposure, type Mapping, type ServiceExposure } from '@app/contract';
import type { ConfirmQuestion } from '../../components/ConfirmDialog';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What switching the service concerns, counted from every user's strategies (the server's own rule). */
export function exposureOf(mappings: readonly Mapping[]): ServiceExposure {
  return serviceExposure(
    mappings.map((m) => ({
      userId: m.user_id,
      isDummy: m.is_dummy === 1,
      runningStatus: m.running_status,
      holdsLegs: m.open_legs.length > 0,
    })),
  );
}

/**
 * The question before Stop RDX Service (issue 27: it was one click): how many strategies it stops trading,
 * how many hold open legs by mode, and what becomes of them (held, not squared off, until it starts again).
 * `exposure` null: the strategies could not be read, which is said rather than guessed.
 */
export function stopServiceQuestion(exposure: ServiceExposure | null): ConfirmQuestion {
  const base = {
    title: 'Stop the RDX service?',
    confirmLabel: 'Stop RDX Service',
    isDanger: true,
  };
  const what =
    'No strategy trades until the service is started again. Open legs are held, not squared off: nothing ' +
    'realigns or exits them meanwhile, and their owners are told.';
  if (exposure === null) {
    return {
      ...base,
      text: `${what} (The strategies could not be counted just now: ${MSG.failedFetchActiveStrategies}.)`,
    };
  }
  const { running, paused, holdingLegs, owners } = exposure;
  return {
    ...base,
    text: what,
    details: [
      `Running: ${plural(running, 'strategy', 'strategies')} (stop trading, stay RUNNING)`,
      `Paused: ${plural(paused, 'strategy', 'strategies')}`,
      `Holding open legs: ${holdingLegs.live} ${MODE_LABELS.live}, ${holdingLegs.paper} ${MODE_LABELS.paper}`,
      `Owners: ${plural(owners.length, 'user')}`,
    ],
  };
}
