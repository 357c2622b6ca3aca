import { ACTIVE_LABELS, LIMITS, MSG, type Instrument, type Strategy, type User, type UserBroker } from '@app/contract';
import { useExchange } from '../../components/exchange';
import { InputField, SelectField } from '../../components/FormField';
import { isPaperAccountChosen, type MappingFormValues } from './mapping-form';
import { modeWord } from './strategy-display';

type Setter = (field: keyof MappingFormValues) => (e: { target: { value: string } }) => void;

/** The user picker of the admin form; the owner of an existing mapping cannot change. */
export function MappingUserField({
  values,
  set,
  users,
  lockedName,
}: {
  values: MappingFormValues;
  set: Setter;
  users: User[] | undefined;
  lockedName: string | null;
}) {
  return (
    <SelectField
      label="User"
      name="user_id"
      value={values.user_id}
      onChange={set('user_id')}
      disabled={lockedName !== null}
      options={users?.map((u) => ({ value: String(u.id), label: u.username }))}
    >
      <option value="">Select a user</option>
      {lockedName !== null && !users?.some((u) => String(u.id) === values.user_id) && (
        <option value={values.user_id}>{lockedName}</option>
      )}
    </SelectField>
  );
}

/**
 * Strategy, instrument, broker, flags, counts and the optional window (SPEC §3 mapping fields),
 * the flags in a trader's words (Active/Inactive; DUMMY/LIVE with what each means). `warnNoToken` shows,
 * under the broker, that a LIVE mapping on it could not trade; `maxLossHint`, under Max Loss, an admin's cap on it.
 * A Paper account's mapping is paper only: the Mode offers no LIVE and says why.
 */
export function MappingFormFields({
  values,
  set,
  strategies,
  instruments,
  brokers,
  warnNoToken,
  maxLossHint = null,
}: {
  values: MappingFormValues;
  set: Setter;
  strategies: Strategy[] | undefined;
  instruments: Instrument[] | undefined;
  brokers: UserBroker[] | undefined;
  warnNoToken: boolean;
  maxLossHint?: string | null;
}) {
  const exchange = useExchange();
  const paperOnly = isPaperAccountChosen(values, brokers);
  return (
    <>
      <SelectField
        label="Strategy"
        name="strategy_id"
        value={values.strategy_id}
        onChange={set('strategy_id')}
        options={strategies?.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <SelectField
        label="Instrument"
        name="instrument_id"
        value={values.instrument_id}
        onChange={set('instrument_id')}
        options={instruments?.map((i) => ({
          value: String(i.id),
          label: i.ticker ? `${i.name} (${i.ticker})` : i.name,
        }))}
      />
      <SelectField
        label="User Broker"
        name="user_broker_id"
        value={values.user_broker_id}
        onChange={set('user_broker_id')}
        aria-describedby={warnNoToken ? 'mapping-no-token-warning' : undefined}
        options={brokers?.map((b) => ({ value: String(b.id), label: `${b.broker_name} - ${b.broker_username}` }))}
        hint={
          warnNoToken && (
            <span className="field-warning" id="mapping-no-token-warning" role="note">
              {MSG.liveWithoutToken}
            </span>
          )
        }
      >
        <option value="">Select a user broker</option>
      </SelectField>
      <SelectField
        label="Active"
        name="is_active"
        value={values.is_active}
        onChange={set('is_active')}
        options={[
          { value: '1', label: ACTIVE_LABELS.active },
          { value: '0', label: ACTIVE_LABELS.inactive },
        ]}
      />
      {/* The paper-only note sits beside the label, not in it, so the field's name stays "Mode". */}
      <div className="field-with-note">
        <SelectField
          label="Mode"
          name="is_dummy"
          value={values.is_dummy}
          onChange={set('is_dummy')}
          disabled={paperOnly}
          aria-describedby={paperOnly ? 'mapping-paper-only-hint' : undefined}
          options={[
            { value: '1', label: modeWord(1) },
            ...(paperOnly ? [] : [{ value: '0', label: modeWord(0, exchange) }]),
          ]}
        />
        {paperOnly && (
          <span className="field-hint" id="mapping-paper-only-hint" role="note">
            {MSG.paperAccountIsPaperOnly}
          </span>
        )}
      </div>
      <InputField
        label="CE Count"
        name="ce_count"
        type="number"
        min={0}
        max={LIMITS.maxLegCount}
        step={1}
        value={values.ce_count}
        onChange={set('ce_count')}
      />
      <InputField
        label="PE Count"
        name="pe_count"
        type="number"
        min={0}
        max={LIMITS.maxLegCount}
        step={1}
        value={values.pe_count}
        onChange={set('pe_count')}
      />
      <InputField
        label="Start Time"
        name="start_time"
        type="time"
        value={values.start_time}
        onChange={set('start_time')}
      />
      <InputField label="End Time" name="end_time" type="time" value={values.end_time} onChange={set('end_time')} />
      {/* The cap note sits beside the label, not in it, so the field's name stays "Max Loss (₹)". */}
      <div className="field-with-note">
        <InputField
          label="Max Loss (₹)"
          name="max_loss"
          type="number"
          min={0.01}
          step={0.01}
          placeholder="No limit"
          aria-describedby={maxLossHint ? 'mapping-max-loss-cap mapping-limits-hint' : 'mapping-limits-hint'}
          value={values.max_loss}
          onChange={set('max_loss')}
        />
        {maxLossHint && (
          <span className="field-hint" id="mapping-max-loss-cap" data-testid="max-loss-cap-hint">
            {maxLossHint}
          </span>
        )}
      </div>
      <InputField
        label="Target Profit (₹)"
        name="target_profit"
        type="number"
        min={0.01}
        step={0.01}
        placeholder="No limit"
        aria-describedby="mapping-limits-hint"
        value={values.target_profit}
        onChange={set('target_profit')}
      />
      <p className="field-hint full" id="mapping-limits-hint">
        Max Loss and Target Profit apply to the strategy&apos;s P&amp;L for the current trading day (realized today +
        unrealized, before charges). Reaching one exits every leg and stops the strategy. Empty = no limit.
      </p>
    </>
  );
}
