import { APP_CODE_LENGTH, brokerTokenRoutes, MSG } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField } from '../../components/FormField';
import type { MessageKind } from '../../components/Message';
import { appCodeError } from './kite-token';

/** 'Generate Kite Access Token': exchanges the TOTP app code for the market-data access token. */
export function KiteTokenBox({ notify }: { notify: (kind: MessageKind, text: string) => void }) {
  const [appCode, setAppCode] = useState('');
  const generate = useMutation({
    mutationFn: (code: string) => call(brokerTokenRoutes.generateKiteToken, { body: { appCode: code } }),
    onSuccess: () => {
      setAppCode('');
      notify('success', MSG.kiteTokenGenerated);
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedGenerateKiteToken)),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const error = appCodeError(appCode);
    if (error) return notify('error', error);
    generate.mutate(appCode.trim());
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} aria-label="Generate Kite Access Token">
      <h3>Generate Kite Access Token</h3>
      <InputField
        label="App Code"
        value={appCode}
        onChange={(e) => setAppCode(e.target.value)}
        maxLength={APP_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="6-digit code"
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={!appCode.trim() || generate.isPending}>
          {generate.isPending ? 'Generating...' : 'Generate'}
        </button>
      </div>
    </form>
  );
}
