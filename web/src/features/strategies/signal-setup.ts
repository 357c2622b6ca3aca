import { api, SIGNAL_ACTIONS, type Mapping, type SignalAction } from '@app/contract';
import { buildPath } from '../../api/client';
import type { ConfirmQuestion } from '../../components/ConfirmDialog';

/**
 * TradingView fills `{{timenow}}` with the alert's time: the signal's idempotency key and the time its replay
 * window checks (docs/SIGNALS.md §2, §7).
 */
export const TIMENOW_PLACEHOLDER = '{{timenow}}';

/** What each action does, in a line the trader reads beside its alert message (docs/SIGNALS.md §4). */
export const SIGNAL_ACTION_WORDS: Record<SignalAction, { label: string; does: string }> = {
  start: { label: 'Start', does: 'Starts the strategy, or resumes it when paused.' },
  stop: { label: 'Stop', does: 'Stops it; legs still held are squared off.' },
  enter: { label: 'Enter', does: 'Starts it if need be and, when it holds no legs, sells them at once.' },
  exit: { label: 'Exit', does: 'Buys back every leg and stops it.' },
  realign: { label: 'Realign', does: 'Realigns at once at the last price (only while running).' },
};

/** The address a TradingView alert posts to: the console's own origin + `/api/signals/{signal_token}`. */
export function webhookUrl(origin: string, signalToken: string): string {
  return `${origin.replace(/\/+$/, '')}/api${buildPath(api.signals.send.path, { signal_token: signalToken })}`;
}

/** The JSON to paste as the alert's message for one action, the secret in it and `{{timenow}}` as its key. */
export function alertMessage(action: SignalAction, secret: string): string {
  return JSON.stringify({ action, secret, idempotency_key: TIMENOW_PLACEHOLDER });
}

/** One alert message per action, in the order the docs list them. */
export function alertMessages(secret: string): Array<{ action: SignalAction; message: string }> {
  return SIGNAL_ACTIONS.map((action) => ({ action, message: alertMessage(action, secret) }));
}

/**
 * The question before a new secret is made. The console cannot say whether the strategy already has one, so it
 * always warns that an earlier address and secret stop working at once: alerts set up with them then do nothing.
 */
export function newSecretQuestion(
  m: Pick<Mapping, 'strategy_name' | 'instrument_name' | 'broker_username' | 'is_dummy'>,
  hasSecretHere: boolean,
): ConfirmQuestion {
  return {
    title: hasSecretHere ? 'Rotate this strategy’s signal secret?' : 'Create a new signal secret?',
    text:
      (hasSecretHere
        ? 'The address and secret shown here stop working at once.'
        : 'Any earlier webhook address and secret of this strategy stop working at once.') +
      ' TradingView alerts set up with them do nothing until you paste the new ones into them.',
    details: [
      `Strategy: ${m.strategy_name} on ${m.instrument_name}`,
      `Account: ${m.broker_username ?? 'none'} (${m.is_dummy === 1 ? 'paper' : 'LIVE'})`,
    ],
    confirmLabel: hasSecretHere ? 'Rotate secret' : 'Create new secret',
    isDanger: true,
  };
}
