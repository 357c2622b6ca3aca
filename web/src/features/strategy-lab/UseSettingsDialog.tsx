import { api, MSG, type Backtest } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, messageOf } from '../../api/client';
import { SelectField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { brokerConfigKeys } from '../brokers/broker-config-keys';
import { rdxConfigKeys } from '../rdx/rdx-config-keys';
import { mappingKeys } from '../strategies/mapping-keys';
import { runName } from './backtest-display';
import { defaultBrokerId, paperStrategyPlan } from './paper-strategy';

/** What the trader is told once it is done (or half done). */
export interface CreatedStrategy {
  kind: 'success' | 'error';
  text: string;
}

/**
 * "Use these settings": says exactly what it will create (a DUMMY strategy of the run's instrument and RDX
 * settings, on the account picked here) and creates it on Create, through the same calls the Strategies page and
 * the RDX dialog make. Every mapping list is read again after.
 */
export function UseSettingsDialog({
  run,
  onClose,
  onDone,
}: {
  run: Backtest;
  onClose: () => void;
  onDone: (result: CreatedStrategy) => void;
}) {
  const queryClient = useQueryClient();
  const brokers = useQuery({ queryKey: brokerConfigKeys.mine(), queryFn: () => call(api.brokers.listMine) });
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submitOnce = useSingleFlight();

  const brokerId = picked ?? defaultBrokerId(brokers.data);
  const broker = brokers.data?.find((b) => String(b.id) === brokerId);
  const plan = broker ? paperStrategyPlan(run, broker) : null;

  function create() {
    if (!plan) return;
    setError(null);
    setBusy(true);
    submitOnce(async () => {
      let mappingId: number | null = null;
      try {
        mappingId = (await call(api.strategies.create, { body: plan.mapping })).id;
        await call(api.rdx.create, { params: { id: mappingId }, body: plan.rdx });
        onDone({
          kind: 'success',
          text: `Paper strategy #${mappingId} created from ${runName(run)}: ${plan.details[0]}, ${plan.details[3]}. Start it on Home when it should trade.`,
        });
      } catch (err) {
        if (mappingId === null) {
          setError(messageOf(err, MSG.failedCreateMapping));
          return;
        }
        // The strategy exists but without its settings: say so, rather than offer a retry that would make a second.
        onDone({
          kind: 'error',
          text: `Strategy #${mappingId} was created, but its RDX settings were not saved (${messageOf(err, MSG.failedSaveRdxConfig)}): set them with Configure on Home.`,
        });
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries({ queryKey: mappingKeys.all });
        if (mappingId !== null) void queryClient.invalidateQueries({ queryKey: rdxConfigKeys.detail(mappingId) });
      }
    });
  }

  let body: React.JSX.Element;
  if (brokers.isPending) body = <p className="muted">Loading your broker accounts...</p>;
  else if (brokers.isError) {
    body = (
      <div className="message message-error" role="alert">
        <span>{messageOf(brokers.error, MSG.failedFetchUserBrokers)}</span>
      </div>
    );
  } else if (brokers.data.length === 0) {
    body = (
      <p className="message message-info" role="status">
        <span>
          A strategy trades through one of your broker accounts, even on paper: add one on your Profile first.
        </span>
      </p>
    );
  } else {
    body = (
      <>
        <p>This creates a new strategy with the backtest&apos;s settings:</p>
        {plan && (
          <ul className="confirm-details" data-testid="use-settings-details">
            {plan.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {brokers.data.length > 1 && (
          <SelectField
            label="Broker account"
            value={brokerId}
            onChange={(e) => setPicked(e.target.value)}
            options={brokers.data.map((b) => ({
              value: String(b.id),
              label: `${b.broker_name} - ${b.broker_username}`,
            }))}
          />
        )}
      </>
    );
  }

  return (
    <Modal title="Use these settings for a paper strategy?" onClose={onClose}>
      <div className="stack lab-use-settings">
        {body}
        {error && (
          <div className="message message-error" role="alert">
            <span>{error}</span>
          </div>
        )}
        <div className="row confirm-actions">
          <button type="button" onClick={onClose} disabled={isBusy}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={create} disabled={!plan || isBusy}>
            {isBusy ? 'Creating...' : 'Create paper strategy'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
