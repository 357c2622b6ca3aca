import { api, CALENDAR_MSG, type BodyOf } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callRoute, messageOf } from '../../api/client';
import type { MessageKind } from '../../components/Message';

/** What the Add Holiday form sends. */
export type HolidayBody = BodyOf<typeof api.calendar.addHoliday>;

/** TanStack Query key of the holiday calendar. */
export const holidaysKey = ['calendar', 'holidays'] as const;

type Notify = (kind: MessageKind, text: string) => void;

/** The holiday calendar and its add/delete calls, reporting through `notify` (the server's words on failure). */
export function useHolidays(notify: Notify) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: holidaysKey, queryFn: () => call(api.calendar.listHolidays) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: holidaysKey });

  const add = useMutation({
    mutationFn: (body: HolidayBody) => callRoute(api.calendar.addHoliday, { body }),
    onSuccess: async (reply) => {
      notify('success', reply.message ?? CALENDAR_MSG.holidayAdded);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, CALENDAR_MSG.failedAddHoliday)),
  });

  const remove = useMutation({
    mutationFn: (id: number) => callRoute(api.calendar.removeHoliday, { params: { id } }),
    onSuccess: async (reply) => {
      notify('success', reply.message ?? CALENDAR_MSG.holidayDeleted);
      await refresh();
    },
    onError: (err) => notify('error', messageOf(err, CALENDAR_MSG.failedDeleteHoliday)),
  });

  return { list, add, remove };
}
