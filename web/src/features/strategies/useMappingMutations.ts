import { api, MSG } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callRoute, messageOf } from '../../api/client';
import type { MappingBody } from './mapping-form';
import { mappingKeys } from './mapping-keys';

type Notify = (kind: 'success' | 'error', text: string) => void;

/** Create, update and delete of strategy mappings; every mapping list is re-read afterwards. */
export function useMappingMutations(notify: Notify) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mappingKeys.all });

  const create = useMutation({
    mutationFn: (body: MappingBody) => callRoute(api.strategies.create, { body }),
    onSuccess: async (reply) => {
      notify('success', reply.message ?? MSG.mappingCreated);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedCreateMapping)),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: MappingBody }) => {
      const { user_id: _owner, ...patch } = body;
      return callRoute(api.strategies.update, { params: { id }, body: patch });
    },
    onSuccess: async (reply) => {
      notify('success', reply.message ?? MSG.mappingUpdated);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedUpdateMapping)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => call(api.strategies.remove, { params: { id } }),
    onSuccess: async () => {
      notify('success', MSG.mappingDeleted);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedDeleteMapping)),
  });

  return { create, update, remove };
}
