import { api, MSG, type Mapping, type UserBroker } from '@app/contract';
import { call } from '../../api/client';
import { useEffect, useState, type FormEvent } from 'react';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useConfirm } from '../../components/ConfirmDialog';
import type { MessageKind } from '../../components/Message';
import { toInt } from '../../lib/format';
import {
  emptyMappingForm,
  isLiveWithoutToken,
  limitOf,
  mappingFormError,
  mappingFormReader,
  mappingFormToBody,
  mappingToForm,
  maxLossCapHint,
  reachedStrategyLimitQuestion,
  withPaperModeFixed,
  type MappingFormValues,
} from './mapping-form';
import { MappingFormFields, MappingUserField } from './MappingFormFields';
import { useFormBrokers, useMappingReferenceData } from './useMappingReferenceData';
import type { useMappingMutations } from './useMappingMutations';
import './strategies.css';

type Mutations = ReturnType<typeof useMappingMutations>;

/**
 * SPEC §4 mapping form: create mode, or edit mode for `editing` (Cancel returns to create
 * mode). The admin form also picks the owner and lists that user's broker accounts.
 * Remount it (key) when switching modes so it starts from the right values. A LIVE mapping on
 * a broker account without a token is warned about and confirmed before it is saved; a
 * validation banner goes as soon as the values no longer fail that way. Under Max Loss it says what an
 * admin's cap on it means, to the owner or to an admin at someone else's mapping (`viewerId` is the admin).
 * On a Paper account (issue 32 item 3) the mode is fixed to paper.
 */
export function MappingForm({
  isAdmin,
  viewerId,
  editing,
  mutations,
  notify,
  clearMessage,
  onEditDone,
}: {
  isAdmin: boolean;
  viewerId?: number | undefined;
  editing: Mapping | null;
  mutations: Pick<Mutations, 'create' | 'update'>;
  notify: (kind: MessageKind, text: string) => void;
  clearMessage: () => void;
  onEditDone: () => void;
}) {
  const reference = useMappingReferenceData(isAdmin);
  const [values, setValues] = useState<MappingFormValues>(() =>
    editing ? mappingToForm(editing) : emptyMappingForm(undefined),
  );
  const {
    brokers,
    isLoading: brokersLoading,
    error: brokersError,
  } = useFormBrokers(isAdmin, toInt(values.user_id), editing !== null);

  // A newly read broker list picks its first account unless the chosen one is in it (SPEC: "first broker");
  // on a Paper account the mode is paper.
  const [seenBrokers, setSeenBrokers] = useState<UserBroker[] | undefined>(undefined);
  if (brokers !== seenBrokers) {
    setSeenBrokers(brokers);
    if (brokers && !brokers.some((b) => String(b.id) === values.user_broker_id)) {
      setValues((v) => withPaperModeFixed({ ...v, user_broker_id: brokers[0] ? String(brokers[0].id) : '' }, brokers));
    } else if (brokers) {
      setValues((v) => withPaperModeFixed(v, brokers));
    }
  }

  const loadError = reference.error ?? brokersError;
  useEffect(() => {
    if (loadError) notify('error', loadError);
  }, [loadError, notify]);

  const isCreate = editing === null;
  const needsUser = isAdmin && isCreate;
  const { create, update } = mutations;
  const isBusy = create.isPending || update.isPending;
  const submitOnce = useSingleFlight();
  const confirm = useConfirm();
  const warnNoToken = isLiveWithoutToken(values, brokers);
  const reader = mappingFormReader(isAdmin, editing ? editing.user_id : toInt(values.user_id), viewerId);
  const maxLossHint = reader && maxLossCapHint(editing?.admin_max_loss ?? null, reader);

  // The validation message on screen, so it goes once the values no longer fail that way.
  const [shownError, setShownError] = useState<string | null>(null);
  const set = (field: keyof MappingFormValues) => (e: { target: { value: string } }) => {
    const next = withPaperModeFixed({ ...values, [field]: e.target.value }, brokers);
    if (shownError && mappingFormError(next, needsUser) !== shownError) {
      clearMessage();
      setShownError(null);
    }
    setValues(next);
  };

  /** A limit the strategy's day has already reached exits it at once: asked first (its P&L read fresh). */
  async function limitQuestion(id: number, limits: { max_loss: number | null; target_profit: number | null }) {
    if (limits.max_loss === null && limits.target_profit === null) return null;
    try {
      const reply = await call(isAdmin ? api.positions.listAll : api.positions.listMine);
      const position = reply.positions.find((p) => p.user_strategy_mapping_id === id);
      if (!position) return null;
      return reachedStrategyLimitQuestion(position.today.realized_pnl + position.today.unrealized_pnl, limits);
    } catch {
      // Without figures nothing is asked: the server's limits watch acts on the limit either way.
      return null;
    }
  }

  async function save(body: ReturnType<typeof mappingFormToBody>) {
    if (editing) {
      await update.mutateAsync({ id: editing.id, body });
      onEditDone();
    } else {
      await create.mutateAsync(body);
      // SPEC §4: after a create the form resets (the admin keeps the chosen user); to paper (issue 8).
      setValues(emptyMappingForm(brokers?.[0]?.id, values.user_id));
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const error = mappingFormError(values, needsUser);
    setShownError(error);
    if (error) {
      notify('error', error);
      return;
    }
    submitOnce(async () => {
      if (warnNoToken && !(await confirm({ title: MSG.confirmSaveLiveWithoutToken, confirmLabel: 'Save' }))) return;
      const body = mappingFormToBody(values, needsUser);
      const limits = { max_loss: limitOf(values.max_loss), target_profit: limitOf(values.target_profit) };
      const question = editing ? await limitQuestion(editing.id, limits) : null;
      if (question !== null) {
        const yes = await confirm({
          title: 'Save a limit already reached?',
          text: question,
          confirmLabel: 'Save',
          isDanger: true,
        });
        if (!yes) return;
      }
      await save(body);
    });
  }

  return (
    <form
      className="card form-grid mapping-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Strategy mapping form"
      aria-busy={reference.isLoading || brokersLoading}
    >
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
        warnNoToken={warnNoToken}
        maxLossHint={maxLossHint}
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
