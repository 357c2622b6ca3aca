import {
  ACTIVE_LABELS,
  LIMITS,
  MODE_LABELS,
  MSG,
  type Instrument,
  type Strategy,
  type User,
  type UserBroker,
} from '@app/contract';
import type { MappingFormValues } from './mapping-form';

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
    <label>
      User
      <select name="user_id" value={values.user_id} onChange={set('user_id')} disabled={lockedName !== null}>
        <option value="">Select a user</option>
        {lockedName !== null && !users?.some((u) => String(u.id) === values.user_id) && (
          <option value={values.user_id}>{lockedName}</option>
        )}
        {users?.map((u) => (
          <option key={u.id} value={u.id}>
            {u.username}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Strategy, instrument, broker, flags, counts and the optional window (SPEC §3 mapping fields),
 * the flags in a trader's words (Active/Inactive, Paper/Live). `warnNoToken` shows, under the
 * broker, that a LIVE mapping on it could not trade.
 */
export function MappingFormFields({
  values,
  set,
  strategies,
  instruments,
  brokers,
  warnNoToken,
}: {
  values: MappingFormValues;
  set: Setter;
  strategies: Strategy[] | undefined;
  instruments: Instrument[] | undefined;
  brokers: UserBroker[] | undefined;
  warnNoToken: boolean;
}) {
  return (
    <>
      <label>
        Strategy
        <select name="strategy_id" value={values.strategy_id} onChange={set('strategy_id')}>
          {strategies?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Instrument
        <select name="instrument_id" value={values.instrument_id} onChange={set('instrument_id')}>
          {instruments?.map((i) => (
            <option key={i.id} value={i.id}>
              {i.ticker ? `${i.name} (${i.ticker})` : i.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        User Broker
        <select
          name="user_broker_id"
          value={values.user_broker_id}
          onChange={set('user_broker_id')}
          aria-describedby={warnNoToken ? 'mapping-no-token-warning' : undefined}
        >
          <option value="">Select a user broker</option>
          {brokers?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.broker_name} - {b.broker_username}
            </option>
          ))}
        </select>
        {warnNoToken && (
          <span className="field-warning" id="mapping-no-token-warning" role="note">
            {MSG.liveWithoutToken}
          </span>
        )}
      </label>
      <label>
        Active
        <select name="is_active" value={values.is_active} onChange={set('is_active')}>
          <option value="1">{ACTIVE_LABELS.active}</option>
          <option value="0">{ACTIVE_LABELS.inactive}</option>
        </select>
      </label>
      <label>
        Mode
        <select name="is_dummy" value={values.is_dummy} onChange={set('is_dummy')}>
          <option value="1">{MODE_LABELS.paper}</option>
          <option value="0">{MODE_LABELS.live}</option>
        </select>
      </label>
      <label>
        CE Count
        <input
          name="ce_count"
          type="number"
          min={0}
          max={LIMITS.maxLegCount}
          step={1}
          value={values.ce_count}
          onChange={set('ce_count')}
        />
      </label>
      <label>
        PE Count
        <input
          name="pe_count"
          type="number"
          min={0}
          max={LIMITS.maxLegCount}
          step={1}
          value={values.pe_count}
          onChange={set('pe_count')}
        />
      </label>
      <label>
        Start Time
        <input name="start_time" type="time" value={values.start_time} onChange={set('start_time')} />
      </label>
      <label>
        End Time
        <input name="end_time" type="time" value={values.end_time} onChange={set('end_time')} />
      </label>
    </>
  );
}
