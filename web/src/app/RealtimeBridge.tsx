import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../api/session';
import { connectRealtime } from '../api/socket';
import { useSession } from '../features/auth/session-context';
import { rdxConfigKeys } from '../features/rdx/rdx-config-keys';
import { mappingKeys, patchMappingInCache } from '../features/strategies/mapping-keys';
import { transactionKeys } from '../features/transactions/transaction-keys';

/**
 * Keeps screens live (SPEC §4 "Realtime events"): a status change merges the whole strategy into its
 * row (status_detail and available_actions included), a new transaction refetches strategies,
 * transactions and RDX configurations, a test event shows an alert. Connected while signed in.
 */
export function RealtimeBridge() {
  const { user } = useSession();
  const queryClient = useQueryClient();

  const userId = user?.id;
  const role = user?.role;

  useEffect(() => {
    const token = getToken();
    if (userId === undefined || role === undefined || !token) return;
    const socket = connectRealtime(token, { id: userId, role });
    socket.on('strategy_status_changed', ({ userStrategyMappingId, strategy }) => {
      patchMappingInCache(queryClient, userStrategyMappingId, strategy);
    });
    socket.on('transaction_created', () => {
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      // A fill follows an entry or realign, which sets the ATM (and so the strikes) a row shows.
      void queryClient.invalidateQueries({ queryKey: rdxConfigKeys.all });
    });
    socket.on('test_event', ({ message }) => window.alert(message));
    return () => {
      socket.disconnect();
    };
  }, [userId, role, queryClient]);

  return null;
}
