import { api, MSG, type BodyOf } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import type { MessageKind } from '../../components/Message';
import { dataInstrumentsKey } from '../instruments/useInstruments';

export const liveConfigsKey = ['live-configs'] as const;

type Notify = (kind: MessageKind, text: string) => void;
export type LiveConfigBody = BodyOf<typeof api.liveData.create>;
export type LiveConfigPatch = BodyOf<typeof api.liveData.update>;

/** Instruments for the data tab, from GET /data/instruments (list in `data.data`). */
export function useDataInstruments() {
  return useQuery({
    queryKey: dataInstrumentsKey,
    queryFn: async () => (await call(api.instruments.dataList)).data,
  });
}

/**
 * Live data configurations and their add/update/delete calls. Adding reports next to the
 * fetch form it starts from (`notifyAdd`); editing and deleting next to the list (`notify`).
 */
export function useLiveConfigs(notify: Notify, notifyAdd: Notify) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: liveConfigsKey, queryFn: () => call(api.liveData.list) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: liveConfigsKey });

  const create = useMutation({
    mutationFn: (body: LiveConfigBody) => call(api.liveData.create, { body }),
    onSuccess: async () => {
      notifyAdd('success', MSG.configAdded);
      await refresh();
    },
    onError: (err) => notifyAdd('error', messageOf(err, MSG.failedAddConfigTryAgain)),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: LiveConfigPatch }) =>
      call(api.liveData.update, { params: { id }, body }),
    onSuccess: async () => {
      notify('success', MSG.liveConfigUpdated);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedUpdateLiveConfig)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => call(api.liveData.remove, { params: { id } }),
    onSuccess: async () => {
      notify('success', MSG.liveConfigDeleted);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedDeleteConfigTryAgain)),
  });

  return { list, create, update, remove };
}
