import { APP_CODE_LENGTH, brokerTokenRoutes, MSG } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField } from '../../components/FormField';
import type { MessageKind } from '../../components/Message';
import { appCodeError } from './kite-token';
import { marketTokenKey, marketTokenLine } from './market-token';
import './brokers.css';

/** The token's state: generated when, valid until 06:00 IST, refused by Kite, or none (issue 27). */
function MarketTokenStatus() {
  const status = useQuery({
    queryKey: marketTokenKey,
    queryFn: () => call(brokerTokenRoutes.marketDataToken),
    // Kite may refuse it at any time (the market-data stream notices): the line follows within a minute.
    refetchInterval: 60_000,
  });
  if (status.isPending) return <p className="muted">Reading the market-data token...</p>;
  if (status.isError) {
    return (
      <p className="market-token warn" role="alert">
        {messageOf(status.error, 'Failed to read the market-data token')}
      </p>
    );
  }
  const line = marketTokenLine(status.data);
  return (
    <p className={`market-token ${line.tone}`} data-testid="market-token-status">
      {line.text}
    </p>
  );
}

/** 'Generate Kite Access Token': exchanges the TOTP app code for the market-data access token. */
export function KiteTokenBox({ notify }: { notify: (kind: MessageKind, text: string) => void }) {
  const queryClient = useQueryClient();
  const [appCode, setAppCode] = useState('');
  const generate = useMutation({
    mutationFn: (code: string) => call(brokerTokenRoutes.generateKiteToken, { body: { appCode: code } }),
    onSuccess: () => {
      setAppCode('');
      notify('success', MSG.kiteTokenGenerated);
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedGenerateKiteToken)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marketTokenKey }),
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
      <div className="full">
        <MarketTokenStatus />
      </div>
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
