import { api, labelOf, MSG, type Broker, type UserBroker } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { callRoute, messageOf } from '../../api/client';
import { formatInr } from '../../lib/format';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { InputField, SelectField } from '../../components/FormField';
import type { MessageKind } from '../../components/Message';
import {
  brokerChoices,
  brokerConfigToForm,
  emptyBrokerConfigForm,
  isPaperBroker,
  PAPER_ACCOUNT_NAME,
  parseBrokerConfigForm,
  withoutSecrets,
  type BrokerConfigBody,
  type BrokerConfigFormValues,
} from './broker-config-form';
import { brokerConfigKeys } from './broker-config-keys';
import { BrokerEgressFields } from './BrokerEgressFields';

/**
 * Add/edit form of a broker configuration. In edit mode an empty token keeps the stored one, empty API Key
 * and API Secret keep the account's own Kite app, and an empty proxy URL keeps the stored proxy. A Paper
 * account (issue 32 item 3) is a name and a virtual capital: no token, app or egress. An edited account keeps
 * its kind (Paper or a broker). Remount it (key) when switching between add and edit.
 */
export function BrokerConfigForm({
  brokers,
  editing,
  notify,
  onEditDone,
}: {
  brokers: Broker[] | undefined;
  editing: UserBroker | null;
  notify: (kind: MessageKind, text: string) => void;
  onEditDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BrokerConfigFormValues>(() =>
    editing ? brokerConfigToForm(editing) : emptyBrokerConfigForm(undefined),
  );

  // The broker select starts at the first broker once the list is known.
  const [seenBrokers, setSeenBrokers] = useState<Broker[] | undefined>(undefined);
  if (brokers !== seenBrokers) {
    setSeenBrokers(brokers);
    if (brokers && !brokers.some((b) => String(b.id) === values.broker_id)) {
      setValues((v) => ({ ...v, broker_id: brokers[0] ? String(brokers[0].id) : '' }));
    }
  }

  const save = useMutation({
    // The body may carry a broker token: drop the settled mutation from the cache at once.
    gcTime: 0,
    mutationFn: (body: BrokerConfigBody) =>
      editing
        ? callRoute(api.brokers.update, { params: { id: editing.id }, body })
        : callRoute(api.brokers.create, { body }),
    onSuccess: async (reply) => {
      notify('success', reply.message ?? (editing ? MSG.brokerConfigUpdated : MSG.brokerConfigCreated));
      if (editing) onEditDone();
      else setValues(emptyBrokerConfigForm(brokers?.[0]?.id));
      await queryClient.invalidateQueries({ queryKey: brokerConfigKeys.all });
    },
    onError: (err) =>
      notify('error', messageOf(err, editing ? MSG.failedUpdateUserBroker : MSG.failedCreateUserBroker)),
  });

  const submitOnce = useSingleFlight();

  const set =
    (field: 'broker_id' | 'broker_username' | 'broker_token' | 'api_key' | 'api_secret' | 'virtual_capital') =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  // A Kite Connect app belongs to Zerodha accounts only.
  const isKite = brokers?.find((b) => String(b.id) === values.broker_id)?.name.toLowerCase() === 'zerodha';
  const isPaper = isPaperBroker(brokers, values.broker_id);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseBrokerConfigForm(values, { isKite, isPaper, editing });
    if (!parsed.ok) {
      notify('error', parsed.error);
      return;
    }
    // The token, API Key, API Secret and proxy URL are cleared as soon as they have been handed to the request.
    setValues(withoutSecrets);
    submitOnce(() => save.mutateAsync(parsed.body).finally(() => save.reset()));
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} noValidate aria-label="Broker configuration form">
      <h3>{editing ? 'Edit Broker Configuration' : 'Add Broker Configuration'}</h3>
      <SelectField
        label="Broker"
        name="broker_id"
        value={values.broker_id}
        onChange={set('broker_id')}
        options={brokerChoices(brokers, editing)?.map((b) => ({ value: String(b.id), label: b.name }))}
      />
      <InputField
        label={isPaper ? PAPER_ACCOUNT_NAME : 'Broker Username'}
        name="broker_username"
        autoComplete="off"
        required
        placeholder={isPaper ? 'e.g. PAPER1' : undefined}
        value={values.broker_username}
        onChange={set('broker_username')}
      />
      {isPaper ? (
        <>
          <InputField
            label={`${labelOf('virtual_capital')} (₹)`}
            name="virtual_capital"
            type="number"
            min={0.01}
            step={0.01}
            required
            autoComplete="off"
            placeholder="e.g. 1000000"
            aria-describedby="paper-account-hint"
            value={values.virtual_capital}
            onChange={set('virtual_capital')}
          />
          <p className="muted full" id="paper-account-hint">
            {capitalInWords(values.virtual_capital)}A Paper account trades paper strategies only: fills are simulated
            against this capital and no order reaches a broker, so it needs no token, app or egress.
          </p>
        </>
      ) : (
        <BrokerOnlyFields values={values} editing={editing} isKite={isKite} set={set} setValues={setValues} />
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending || !brokers}>
          {save.isPending ? 'Saving...' : editing ? 'Update Broker' : 'Add Broker'}
        </button>
        {editing && (
          <button type="button" onClick={onEditDone} disabled={save.isPending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The typed capital as a trader reads it ("₹10,00,000.00 of virtual capital. "), so a zero too many shows. */
function capitalInWords(typed: string): string {
  const rupees = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(rupees) || rupees <= 0) return '';
  return `${formatInr(rupees)} of virtual capital. `;
}

type Setter = (field: 'broker_token' | 'api_key' | 'api_secret') => (e: { target: { value: string } }) => void;

/** What only an account at a real broker has: its token, (at Zerodha) its own Kite app, and its order egress. */
function BrokerOnlyFields({
  values,
  editing,
  isKite,
  set,
  setValues,
}: {
  values: BrokerConfigFormValues;
  editing: UserBroker | null;
  isKite: boolean;
  set: Setter;
  setValues: Dispatch<SetStateAction<BrokerConfigFormValues>>;
}) {
  const removing = values.remove_own_app;
  return (
    <>
      <InputField
        label="Broker Token"
        name="broker_token"
        type="password"
        autoComplete="new-password"
        placeholder={editing ? 'Leave empty to keep the current token' : 'Optional'}
        value={values.broker_token}
        onChange={set('broker_token')}
      />
      {isKite && (
        <>
          <InputField
            label="API Key"
            name="api_key"
            autoComplete="off"
            aria-describedby="broker-own-app-hint"
            placeholder={editing?.has_api_key ? 'Leave empty to keep your app' : 'Optional'}
            disabled={removing}
            value={values.api_key}
            onChange={set('api_key')}
          />
          <InputField
            label="API Secret"
            name="api_secret"
            type="password"
            autoComplete="new-password"
            aria-describedby="broker-own-app-hint"
            placeholder={editing?.has_api_key ? 'Leave empty to keep your app' : 'Optional'}
            disabled={removing}
            value={values.api_secret}
            onChange={set('api_secret')}
          />
          <p className="muted full" id="broker-own-app-hint">
            API Key and API Secret are your own Kite Connect app&apos;s; leave both empty to use the console&apos;s app.
          </p>
          {editing?.has_api_key && (
            <label className="inline full">
              <input
                type="checkbox"
                name="remove_own_app"
                checked={removing}
                onChange={(e) =>
                  setValues((v) => ({ ...v, remove_own_app: e.target.checked, api_key: '', api_secret: '' }))
                }
              />
              Remove my own app (use the console&apos;s app; the token must be generated again)
            </label>
          )}
        </>
      )}
      <BrokerEgressFields
        values={values}
        editing={editing}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
    </>
  );
}
