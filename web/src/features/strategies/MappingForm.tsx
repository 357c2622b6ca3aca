import type { Mapping, UserBroker } from '@app/contract';
import { useEffect, useState, type FormEvent } from 'react';
import type { MessageKind } from '../../components/Message';
import { toInt } from '../../lib/format';
import {
  emptyMappingForm,
  mappingFormError,
  mappingFormToBody,
  mappingToForm,
  type MappingFormValues,
} from './mapping-form';
import { MappingFormFields, MappingUserField } from './MappingFormFields';
import { useFormBrokers, useMappingReferenceData } from './useMappingReferenceData';
import type { useMappingMutations } from './useMappingMutations';

type Mutations = ReturnType<typeof useMappingMutations>;

/**
 * SPEC §4 mapping form: create mode, or edit mode for `editing` (Cancel returns to create
 * mode). The admin form also picks the owner and lists that user's broker accounts.
 * Remount it (key) when switching modes so it starts from the right values.
 */
export function MappingForm({
  isAdmin,
  editing,
  mutations,
  notify,
  onEditDone,
}: {
  isAdmin: boolean;
  editing: Mapping | null;
  mutations: Pick<Mutations, 'create' | 'update'>;
  notify: (kind: MessageKind, text: string) => void;
  onEditDone: () => void;
}) {
  const reference = useMappingReferenceData(isAdmin);
  const [values, setValues] = useState<MappingFormValues>(() =>
    editing ? mappingToForm(editing) : emptyMappingForm(undefined),
  );
  const { brokers, error: brokersError } = useFormBrokers(isAdmin, toInt(values.user_id), editing !== null);

  // A newly read broker list picks its first account unless the chosen one is in it (SPEC: "first broker").
  const [seenBrokers, setSeenBrokers] = useState<UserBroker[] | undefined>(undefined);
  if (brokers !== seenBrokers) {
    setSeenBrokers(brokers);
    if (brokers && !brokers.some((b) => String(b.id) === values.user_broker_id)) {
      setValues((v) => ({ ...v, user_broker_id: brokers[0] ? String(brokers[0].id) : '' }));
    }
  }

  const loadError = reference.error ?? brokersError;
  useEffect(() => {
    if (loadError) notify('error', loadError);
  }, [loadError, notify]);

  const set = (field: keyof MappingFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const isCreate = editing === null;
  const needsUser = isAdmin && isCreate;
  const { create, update } = mutations;
  const isBusy = create.isPending || update.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const error = mappingFormError(values, needsUser);
    if (error) {
      notify('error', error);
      return;
    }
    const body = mappingFormToBody(values, needsUser);
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: onEditDone });
    } else {
      // SPEC §4: after a create the form resets (the admin keeps the chosen user).
      create.mutate(body, { onSuccess: () => setValues(emptyMappingForm(brokers?.[0]?.id, values.user_id)) });
    }
  }

  return (
    <form className="card form-grid" onSubmit={onSubmit} noValidate aria-label="Strategy mapping form">
      <h3>{isCreate ? 'Create Strategy Mapping' : 'Edit Strategy Mapping'}</h3>
      {isAdmin && (
        <MappingUserField
          values={values}
          set={set}
          users={reference.users}
          lockedName={editing ? editing.user_username : null}
        />
      )}
      <MappingFormFields
        values={values}
        set={set}
        strategies={reference.strategies}
        instruments={reference.instruments}
        brokers={brokers}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {isCreate
            ? create.isPending
              ? 'Creating...'
              : 'Create Mapping'
            : update.isPending
              ? 'Updating...'
              : 'Update Mapping'}
        </button>
        {!isCreate && (
          <button type="button" onClick={onEditDone} disabled={isBusy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
