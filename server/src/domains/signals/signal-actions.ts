// What each signal action does, through the strategies', RDX's and the engine's own services, as the owner.
import type { SignalAction } from '@app/contract';
import { MSG, RUNNING_STATUS } from '@app/contract';
import { AppError, conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { brokerLabelFor } from '../brokers/broker-registry.js';
import type { Engine } from '../engine/engine.service.js';
import { driftHold, driftHoldRefusal } from '../risk/drift-hold.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { refusedOutcome } from './signals.logic.js';

export interface SignalActionDeps {
  mappings: Pick<MappingsService, 'load' | 'get' | 'setRunningStatus'>;
  engine: Pick<Engine, 'realign' | 'exit'>;
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const legsWord = (n: number) => `${n} leg${n === 1 ? '' : 's'}`;

/**
 * The signal actions. Each answers in a trader's words; a refusal of the service acted through (the kill
 * switch, a limit crossed, the market closed, no broker token) is the outcome "refused: …", never an error.
 */
export function createSignalActions({ mappings, engine }: SignalActionDeps) {
  /** Start, or Resume a paused strategy (as the Resume button: refused while it waits on a broker drift). */
  async function start(owner: Actor, id: number): Promise<{ outcome: string; hasStarted: boolean }> {
    const row = await mappings.load(owner, id);
    if (row.runningStatus === RUNNING_STATUS.RUNNING) {
      return { outcome: 'already running: nothing done', hasStarted: false };
    }
    if (row.runningStatus === RUNNING_STATUS.PAUSED) {
      const difference = driftHold(row);
      if (difference !== null) throw conflict(driftHoldRefusal('resume', difference, brokerLabelFor(row.brokerKind)));
      await mappings.setRunningStatus(owner, id, RUNNING_STATUS.RUNNING, {
        status: RUNNING_STATUS.PAUSED,
        error: MSG.notPaused,
      });
      return { outcome: 'resumed', hasStarted: true };
    }
    await mappings.setRunningStatus(owner, id, RUNNING_STATUS.RUNNING);
    return { outcome: 'started', hasStarted: true };
  }

  async function stop(owner: Actor, id: number): Promise<string> {
    const before = await mappings.get(owner, id);
    if (before.running_status === RUNNING_STATUS.STOPPED) return 'already stopped: nothing done';
    await mappings.setRunningStatus(owner, id, RUNNING_STATUS.STOPPED);
    const held = before.open_legs.length;
    return held === 0 ? 'stopped' : `stopped: the console squares off the ${legsWord(held)} it still holds`;
  }

  /** Start (or resume) if need be, then enter at once at the last price when it holds nothing. */
  async function enter(owner: Actor, id: number): Promise<string> {
    const started = await start(owner, id);
    const prefix = started.hasStarted ? `${started.outcome}; ` : '';
    const now = await mappings.get(owner, id);
    if (now.open_legs.length > 0) return `${prefix}already holding ${legsWord(now.open_legs.length)}: nothing entered`;
    try {
      // On a strategy that holds nothing, a manual Realign is the entry at once, around the last price's ATM.
      await engine.realign(owner, id);
      return `${prefix}entered at the last price`;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || !started.hasStarted) throw err;
      return `${prefix}not entered now: ${lowerFirst(err.message)} (it enters at a candle close)`;
    }
  }

  async function exit(owner: Actor, id: number): Promise<string> {
    const before = await mappings.get(owner, id);
    const held = before.open_legs.length;
    if (before.running_status === RUNNING_STATUS.STOPPED && held === 0) return 'already stopped and flat: nothing done';
    await engine.exit(owner, id);
    return held === 0 ? 'exited: stopped, no legs were held' : `exited: ${legsWord(held)} bought back and stopped`;
  }

  async function realign(owner: Actor, id: number): Promise<string> {
    const { message } = await engine.realign(owner, id);
    return message ? `nothing done: ${lowerFirst(message)}` : 'realigned';
  }

  /** Runs `action`; a refusal (4xx) becomes the outcome "refused: …"; anything else is thrown. */
  return async function act(action: SignalAction, owner: Actor, id: number): Promise<string> {
    try {
      if (action === 'start') return (await start(owner, id)).outcome;
      if (action === 'stop') return await stop(owner, id);
      if (action === 'enter') return await enter(owner, id);
      if (action === 'exit') return await exit(owner, id);
      return await realign(owner, id);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refusedOutcome(err.message);
      throw err;
    }
  };
}

export type SignalActs = ReturnType<typeof createSignalActions>;
