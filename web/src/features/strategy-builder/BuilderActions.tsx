import { api, MSG, type Instrument, type LegsConfig, type Mapping } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, messageOf } from '../../api/client';
import { SelectField } from '../../components/FormField';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { mappingKeys } from '../strategies/mapping-keys';
import { MarginCheckModal } from '../strategies/MarginCheckModal';
import type { BuiltConfig } from './builder-draft';
import { legsHandOff, legsStrategyOf, paperMappingOf } from './builder-plan';
import { strategyConfigKey } from './legs-config-query';
import { useMyBrokers, useStrategyList } from './useBuilderData';

const FIX_FIRST = 'Fix the fields marked above first';

type Outcome =
  | { kind: 'success'; mapping: Mapping; legs: number }
  | { kind: 'saved'; mapping: Mapping; legs: number }
  | { kind: 'error'; text: string; mapping?: Mapping };

/**
 * Editing an existing strategy (`?mapping=`), Save changes replaces its legs (PUT …/config) instead.
 * Create paper strategy (a DUMMY mapping of the Multi-leg strategy on the chosen index, then its configuration,
 * through the same calls the Strategies form and the configure dialog make), Backtest (to the Strategy Lab with
 * the configuration) and, once the strategy exists, Check margin. A refusal reads in the server's words.
 */
export function BuilderActions({
  instrument,
  built,
  template,
  editing = null,
}: {
  instrument: Instrument | null;
  built: BuiltConfig;
  template: string | null;
  /** The strategy whose legs are edited (its mapping null while it is read), or null when making a new one. */
  editing?: { mapping: Mapping | null } | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const strategies = useStrategyList();
  const brokers = useMyBrokers();
  const submitOnce = useSingleFlight();
  const [picked, setPicked] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isCheckingMargin, setCheckingMargin] = useState(false);

  const strategy = legsStrategyOf(strategies.data);
  const brokerId = picked ?? (brokers.data?.[0] ? String(brokers.data[0].id) : '');
  const created = outcome?.mapping ?? editing?.mapping ?? null;

  let blocker: string | null = null;
  if (strategies.isError) blocker = messageOf(strategies.error, MSG.failedLoadData);
  else if (strategies.isSuccess && !strategy) blocker = 'The Multi-leg strategy is not offered on this console yet.';
  else if (brokers.isError) blocker = messageOf(brokers.error, MSG.failedFetchUserBrokers);
  else if (brokers.isSuccess && brokers.data.length === 0) {
    blocker = 'A strategy trades through one of your broker accounts, even on paper: add one on your Profile first.';
  }

  async function createPaper(config: LegsConfig) {
    if (!strategy || !instrument) return;
    let mapping: Mapping | null = null;
    try {
      mapping = await call(api.strategies.create, {
        body: paperMappingOf(strategy.id, instrument.id, Number(brokerId), config),
      });
      // The day's limits went to the mapping above, where the risk domain watches them (and an admin's cap
      // applies); the configuration's are the same limits (the server keeps them on the mapping), so unchanged.
      await call(api.strategyConfigs.save, { params: { id: mapping.id }, body: config });
      setOutcome({ kind: 'success', mapping, legs: config.legs.length });
    } catch (err) {
      if (mapping === null) {
        setOutcome({ kind: 'error', text: messageOf(err, MSG.failedCreateMapping) });
        return;
      }
      // The strategy exists without its legs: said so, rather than a retry that would make a second one.
      setOutcome({
        kind: 'error',
        mapping,
        text: `Strategy #${mapping.id} was created, but its legs were not saved (${messageOf(err, 'Failed to save the configuration')}): delete it on Home or try again there.`,
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    }
  }

  function onCreate() {
    if (!built.ok) {
      setOutcome({ kind: 'error', text: FIX_FIRST });
      return;
    }
    const config = built.config;
    setOutcome(null);
    setBusy(true);
    submitOnce(async () => {
      try {
        await createPaper(config);
      } finally {
        setBusy(false);
      }
    });
  }

  /**
   * The edited strategy's legs replaced; its day's limits stay as its row has them (EntryFields does not ask
   * them here, and the configuration's limits are the row's own).
   */
  function onSave() {
    const mapping = editing?.mapping;
    if (!mapping) return;
    if (!built.ok) {
      setOutcome({ kind: 'error', text: FIX_FIRST });
      return;
    }
    const config = built.config;
    setOutcome(null);
    setBusy(true);
    submitOnce(async () => {
      try {
        await call(api.strategyConfigs.save, {
          params: { id: mapping.id },
          body: { ...config, max_loss: mapping.max_loss, target_profit: mapping.target_profit },
        });
        setOutcome({ kind: 'saved', mapping, legs: config.legs.length });
        await queryClient.invalidateQueries({ queryKey: strategyConfigKey(mapping.id) });
        await queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      } catch (err) {
        setOutcome({ kind: 'error', text: messageOf(err, 'Failed to save the configuration') });
      } finally {
        setBusy(false);
      }
    });
  }

  function onBacktest() {
    if (!built.ok || !instrument) {
      setOutcome({ kind: 'error', text: FIX_FIRST });
      return;
    }
    void navigate('/strategy-lab', { state: legsHandOff(instrument.id, template, built.config) });
  }

  return (
    <section className="card stack" aria-labelledby="sb-actions-title">
      <h3 id="sb-actions-title">Try it</h3>
      {blocker && !editing && (
        <p className="message message-info" role="status">
          <span>{blocker}</span>
        </p>
      )}
      {brokers.data && brokers.data.length > 1 && (
        <div className="sb-broker">
          <SelectField
            label="Broker account"
            value={brokerId}
            onChange={(e) => setPicked(e.target.value)}
            options={brokers.data.map((b) => ({
              value: String(b.id),
              label: `${b.broker_name} - ${b.broker_username}`,
            }))}
          />
        </div>
      )}
      <div className="form-actions">
        {editing ? (
          <button type="button" className="primary" onClick={onSave} disabled={isBusy || !editing.mapping}>
            {isBusy ? 'Saving...' : 'Save changes'}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={onCreate}
            disabled={isBusy || blocker !== null || !strategy || !instrument || brokerId === ''}
          >
            {isBusy ? 'Creating...' : 'Create paper strategy'}
          </button>
        )}
        <button type="button" onClick={onBacktest} disabled={!instrument}>
          Backtest
        </button>
        {created && (
          <button type="button" onClick={() => setCheckingMargin(true)}>
            Check margin
          </button>
        )}
      </div>
      {outcome?.kind === 'success' && (
        <div className="message message-success" role="status">
          <span>
            Paper strategy #{outcome.mapping.id} created: {outcome.mapping.strategy_name} on{' '}
            {outcome.mapping.instrument_name}, {outcome.legs === 1 ? '1 leg' : `${outcome.legs} legs`}. It starts
            stopped: <Link to="/home">see it on Home</Link> and press Start when it should trade.
          </span>
        </div>
      )}
      {outcome?.kind === 'saved' && (
        <div className="message message-success" role="status">
          <span>
            Strategy #{outcome.mapping.id} saved: {outcome.legs === 1 ? '1 leg' : `${outcome.legs} legs`} on{' '}
            {outcome.mapping.instrument_name}, traded from its next entry. <Link to="/home">Back to Home</Link>
          </span>
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div className="message message-error" role="alert">
          <span>{outcome.text}</span>
        </div>
      )}
      <p className="muted">
        {editing
          ? 'Backtest opens the Strategy Lab with these legs, saved or not. Save changes replaces the strategy’s legs; its mode, window and limits stay as they are.'
          : `Backtest opens the Strategy Lab with these legs. Create makes a DUMMY strategy (simulated fills, no broker orders) of these legs on ${instrument?.name ?? 'the chosen index'}.`}
      </p>
      {created && isCheckingMargin && <MarginCheckModal mapping={created} onClose={() => setCheckingMargin(false)} />}
    </section>
  );
}
