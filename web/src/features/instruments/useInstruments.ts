import { api, MSG } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callRoute, messageOf } from '../../api/client';
import type { MessageKind } from '../../components/Message';
import type { InstrumentBody } from './instrument-form';

export const instrumentsKey = ['instruments'] as const;
/** The data tab reads the same instruments through GET /data/instruments. */
export const dataInstrumentsKey = ['data', 'instruments'] as const;

type Notify = (kind: MessageKind, text: string) => void;

/** The instrument list and its create/update/delete calls, reporting through `notify`. */
export function useInstruments(notify: Notify, onSaved: () => void) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: instrumentsKey, queryFn: () => call(api.instruments.list) });

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: instrumentsKey }),
      queryClient.invalidateQueries({ queryKey: dataInstrumentsKey }),
    ]);
  }

  const create = useMutation({
    mutationFn: (body: InstrumentBody) => callRoute(api.instruments.create, { body }),
    onSuccess: async (reply) => {
      notify('success', reply.message ?? MSG.instrumentCreated);
      onSaved();
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedCreateInstrument)),
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: InstrumentBody }) =>
      call(api.instruments.update, { params: { id }, body }),
    onSuccess: async () => {
      notify('success', MSG.instrumentUpdated);
      onSaved();
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedUpdateInstrument)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => call(api.instruments.remove, { params: { id } }),
    onSuccess: async () => {
      notify('success', MSG.instrumentDeleted);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, MSG.failedDeleteInstrument)),
  });

  // Loads today's instruments dump from the exchange; lot sizes follow it.
  const refreshFromExchange = useMutation({
    mutationFn: () => call(api.marketData.refreshFromExchange),
    onSuccess: async (reply) => {
      const sizes = reply.lot_sizes.map((l) => `${l.ticker} ${l.lot_size}`).join(', ');
      notify('success', sizes ? `Lot sizes from the exchange: ${sizes}` : 'The exchange listed no options today');
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, 'Could not load the instruments dump from the exchange')),
  });

  return { list, create, update, remove, refreshFromExchange };
}
