import { api, MSG, type UserBroker } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { brokerConfigKeys } from './broker-config-keys';
import { BrokerConfigForm } from './BrokerConfigForm';
import { BrokerConfigList } from './BrokerConfigList';
import { BrokerTokenPanel } from './BrokerTokenPanel';

/**
 * The user's broker management on the Profile view (SPEC §2): add/edit form, the list of broker
 * configurations and the Zerodha token-generation panel, open for one row at a time as its own
 * card below the list (outside the table, which scrolls sideways on a phone).
 */
export function BrokerConfigScreen() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const confirm = useConfirm();
  const brokers = useQuery({ queryKey: brokerConfigKeys.brokers(), queryFn: () => call(api.brokers.list) });
  const userBrokers = useQuery({ queryKey: brokerConfigKeys.mine(), queryFn: () => call(api.brokers.listMine) });
  const [editing, setEditing] = useState<UserBroker | null>(null);
  const [tokenPanelFor, setTokenPanelFor] = useState<number | null>(null);

  const brokersError = brokers.isError ? messageOf(brokers.error, MSG.failedFetchBrokers) : null;
  const userBrokersError = userBrokers.isError ? messageOf(userBrokers.error, MSG.failedFetchUserBrokers) : null;
  const loadError = brokersError ?? userBrokersError;
  useEffect(() => {
    if (loadError) show('error', loadError);
  }, [loadError, show]);

  const remove = useMutation({
    mutationFn: (id: number) => call(api.brokers.remove, { params: { id } }),
    onSuccess: async (_data, id) => {
      show('success', MSG.brokerConfigDeleted);
      setEditing((e) => (e?.id === id ? null : e));
      setTokenPanelFor((open) => (open === id ? null : open));
      await queryClient.invalidateQueries({ queryKey: brokerConfigKeys.all });
    },
    onError: (err) => show('error', messageOf(err, MSG.failedDeleteUserBroker)),
  });

  const tokenBroker = userBrokers.data?.find((b) => b.id === tokenPanelFor) ?? null;

  async function onDelete(b: UserBroker) {
    if (await confirm({ title: MSG.confirmDeleteBroker, confirmLabel: 'Delete', isDanger: true })) remove.mutate(b.id);
  }

  return (
    <div className="stack">
      <Message flash={flash} onClose={clear} />
      <BrokerConfigForm
        key={editing ? `edit-${editing.id}` : 'add'}
        brokers={brokers.data}
        editing={editing}
        notify={show}
        onEditDone={() => setEditing(null)}
      />
      <BrokerConfigList
        userBrokers={userBrokers.data}
        isLoading={userBrokers.isPending}
        tokenPanelFor={tokenPanelFor}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onEdit={setEditing}
        onDelete={(b) => void onDelete(b)}
        onOpenTokenPanel={(b) => setTokenPanelFor(b.id)}
      />
      {tokenBroker && (
        <BrokerTokenPanel
          key={tokenBroker.id}
          userBroker={tokenBroker}
          onClose={() => setTokenPanelFor(null)}
          onGenerated={(text) => {
            setTokenPanelFor(null);
            show('success', text);
          }}
        />
      )}
    </div>
  );
}
