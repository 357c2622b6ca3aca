import { APP_CODE_LENGTH, brokerTokenRoutes, MSG, type UserBroker } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { callRoute, messageOf } from '../../api/client';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';
import { brokerConfigKeys } from './broker-config-keys';
import { plainBrokerLoginError } from './kite-token';

/**
 * SPEC §4 broker token panel for one Zerodha account: password and app code in, a fresh
 * token on the server out. The password lives only in this panel's state and is wiped
 * after every call; it is deliberately not passed through useMutation, whose cache would
 * keep the variables around.
 */
export function BrokerTokenPanel({
  userBroker,
  onClose,
  onGenerated,
}: {
  userBroker: UserBroker;
  onClose: () => void;
  onGenerated: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const [password, setPassword] = useState('');
  const [appcode, setAppcode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const submitOnce = useSingleFlight();
  const passwordInput = useRef<HTMLInputElement>(null);
  // The panel opens below the list: bring it into view, ready to type.
  useEffect(() => passwordInput.current?.focus(), []);

  async function generate() {
    setIsBusy(true);
    try {
      const reply = await callRoute(brokerTokenRoutes.generateUserToken, {
        params: { id: userBroker.id },
        body: { password, appcode: appcode.trim() },
      });
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: brokerConfigKeys.mine() });
      onGenerated(reply.message ?? MSG.brokerTokenGenerated);
    } catch (err) {
      setPassword('');
      show('error', plainBrokerLoginError(messageOf(err, MSG.failedGenerateBrokerToken)));
    } finally {
      setIsBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password || !appcode.trim()) {
      show('error', MSG.passwordAndAppCodeRequired);
      return;
    }
    clear();
    submitOnce(generate);
  }

  return (
    <form
      className="card form-grid broker-token-panel"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Generate token for ${userBroker.broker_username}`}
    >
      <h3>Generate Token - {userBroker.broker_username}</h3>
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={clear} />
        </div>
      )}
      {/* The broker login's password, not the console's: the two are easily confused here. */}
      <InputField
        label="Kite Password"
        ref={passwordInput}
        name="password"
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <InputField
        label="App Code"
        name="appcode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={APP_CODE_LENGTH}
        value={appcode}
        onChange={(e) => setAppcode(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {isBusy ? 'Generating...' : 'Generate'}
        </button>
        <button type="button" onClick={onClose} disabled={isBusy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
