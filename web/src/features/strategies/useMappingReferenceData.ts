import { api, MSG } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { brokerConfigKeys } from '../brokers/broker-config-keys';
import { referenceKeys } from './mapping-keys';

/** What the mapping form offers: strategies, instruments and, on the admin form, the users. */
export function useMappingReferenceData(isAdmin: boolean) {
  const strategies = useQuery({ queryKey: referenceKeys.strategies, queryFn: () => call(api.strategies.list) });
  const instruments = useQuery({ queryKey: referenceKeys.instruments, queryFn: () => call(api.instruments.list) });
  const users = useQuery({
    queryKey: referenceKeys.users,
    queryFn: async () => (await call(api.users.list)).filter((u) => u.role === 'user'),
    enabled: isAdmin,
  });
  const failed = [strategies, instruments, ...(isAdmin ? [users] : [])].find((q) => q.isError);
  return {
    strategies: strategies.data,
    instruments: instruments.data,
    users: users.data,
    /** True while a list the form needs is still being read (the form says so with aria-busy). */
    isLoading: strategies.isLoading || instruments.isLoading || users.isLoading,
    /** SPEC §8 'Failed to load data' (server text preferred) when any list failed. */
    error: failed ? messageOf(failed.error, MSG.failedLoadData) : null,
  };
}

/**
 * Broker accounts the mapping may use: the user's own, or on the admin form those of the
 * chosen user (in edit mode: the mapping's owner, SPEC §4).
 */
export function useFormBrokers(isAdmin: boolean, userId: number, isEditing: boolean) {
  const query = useQuery({
    queryKey: isAdmin ? brokerConfigKeys.forUser(userId) : brokerConfigKeys.mine(),
    queryFn: () => (isAdmin ? call(api.brokers.listForUser, { params: { userId } }) : call(api.brokers.listMine)),
    enabled: !isAdmin || userId > 0,
  });
  const fallback = isAdmin && isEditing ? MSG.failedLoadUserBrokersForEditing : MSG.failedFetchUserBrokers;
  return {
    brokers: query.data,
    isLoading: query.isLoading,
    error: query.isError ? messageOf(query.error, fallback) : null,
  };
}
