import { api, SIGNAL_REPLAY_WINDOW_MINUTES, type Mapping, type SignalSecret } from '@app/contract';
import { useState } from 'react';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { Message, useFlash } from '../../components/Message';
import { Modal } from '../../components/Modal';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { alertMessages, newSecretQuestion, SIGNAL_ACTION_WORDS, TIMENOW_PLACEHOLDER, webhookUrl } from './signal-setup';
import './strategies.css';

/** Shown only when the call never reached the server or it failed inside: its own words win otherwise. */
const FAILED_CREATE = 'Failed to create the signal secret';

/** The webhook address, the secret and the alert messages, just made: on screen this once. */
function SignalSetup({ secret, origin }: { secret: SignalSecret; origin: string }) {
  return (
    <section className="signal-setup" aria-label="Webhook setup">
      <p className="message message-info signal-once" role="status">
        <span>
          <strong>The secret will not be shown again.</strong> Copy it now, with the address; if it is lost, create a
          new one.
        </span>
      </p>
      <CopyField label="Webhook URL" value={webhookUrl(origin, secret.signal_token)} testId="signal-webhook-url" />
      <CopyField label="Secret" value={secret.secret} testId="signal-secret" />
      <h3>Alert messages</h3>
      <p className="muted signal-steps">
        In the TradingView alert, under Notifications tick Webhook URL and paste the address; as its Message paste the
        JSON of one action (one alert per action). {TIMENOW_PLACEHOLDER} becomes the alert&apos;s time: a repeat of it
        acts once, and an alert more than {SIGNAL_REPLAY_WINDOW_MINUTES} minutes old is refused.
      </p>
      {alertMessages(secret.secret).map(({ action, message }) => (
        <div key={action} className="signal-action">
          <CopyField
            label={`${SIGNAL_ACTION_WORDS[action].label} message`}
            value={message}
            testId={`signal-message-${action}`}
          />
          <span className="field-hint">{SIGNAL_ACTION_WORDS[action].does}</span>
        </div>
      ))}
    </section>
  );
}

/**
 * The strategy's TradingView webhook (docs/SIGNALS.md): makes its signal token and secret, then shows the address,
 * the secret (this once) and the JSON to paste into an alert for each action. The console cannot tell whether a
 * secret already exists, so making one always asks first: it replaces any earlier one, and alerts set up with
 * that stop working.
 */
export function SignalsModal({
  mapping,
  onClose,
  origin = window.location.origin,
}: {
  mapping: Mapping;
  onClose: () => void;
  /** The console's address as the browser reached it; TradingView must reach the same. */
  origin?: string;
}) {
  const confirm = useConfirm();
  const once = useSingleFlight();
  const { flash, show, clear } = useFlash();
  const [secret, setSecret] = useState<SignalSecret | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function create() {
    clear();
    once(async () => {
      if (!(await confirm(newSecretQuestion(mapping, secret !== null)))) return;
      setIsBusy(true);
      try {
        setSecret(await call(api.signals.rotateSecret, { params: { id: mapping.id } }));
      } catch (err) {
        show('error', messageOf(err, FAILED_CREATE), { isSticky: true });
      } finally {
        setIsBusy(false);
      }
    });
  }

  const idleLabel = secret ? 'Rotate secret' : 'Create new secret';
  return (
    <Modal title="TradingView Signals" onClose={onClose}>
      <p className="muted">
        A TradingView alert (or any script) can start, stop, enter, exit or realign this strategy by posting to its own
        webhook address, as if you pressed the button.
      </p>
      <p className="signal-strategy">
        {mapping.strategy_name} on {mapping.instrument_name} · {mapping.broker_username ?? 'no account'} ·{' '}
        {mapping.is_dummy === 1 ? 'paper' : 'LIVE'}
      </p>
      <Message flash={flash} onClose={clear} />
      <div className="form-actions">
        <button type="button" className="primary" disabled={isBusy} onClick={create}>
          {isBusy ? 'Creating...' : idleLabel}
        </button>
      </div>
      {!secret && (
        <p className="field-hint">
          A new secret replaces any earlier one of this strategy: alerts that use the earlier address and secret stop
          working.
        </p>
      )}
      {secret && <SignalSetup secret={secret} origin={origin} />}
    </Modal>
  );
}
