import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { brokerConfigKeys } from '../brokers/broker-config-keys';
import { useMappings } from '../strategies/useMappings';
import { firstStrategySteps } from './first-strategy-steps';
import './first-steps.css';

const VIEW_LABELS = { profile: 'Open Profile', strategies: 'Open Strategies' } as const;

/** On a Home with no strategy yet: the three steps to a first one, each with where it is done. */
export function FirstStrategySteps() {
  const [, setSearch] = useSearchParams();
  const mappings = useMappings('mine');
  const accounts = useQuery({ queryKey: brokerConfigKeys.mine(), queryFn: () => call(api.brokers.listMine) });
  if (!mappings.data || mappings.data.length > 0 || !accounts.data) return null;
  const steps = firstStrategySteps(accounts.data.length > 0, false);
  return (
    <section className="card first-steps" aria-labelledby="first-steps-title" data-testid="first-steps">
      <h2 id="first-steps-title">Your first strategy in three steps</h2>
      <ol>
        {steps.map((step) => (
          <li key={step.title} className={step.isDone ? 'first-step done' : 'first-step'}>
            <strong>{step.title}</strong>
            {step.isDone ? ' (done)' : ''}
            <span className="muted"> {step.detail}</span>
            {step.view && !step.isDone ? (
              <button type="button" onClick={() => setSearch({ view: step.view ?? '' })}>
                {VIEW_LABELS[step.view]}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
