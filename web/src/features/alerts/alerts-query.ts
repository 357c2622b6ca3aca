import { api, type Alert, type AlertsPage } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  channels: ['alerts', 'channels'] as const,
};

/** The bell's newest alerts; the realtime bridge refetches on `alert_created`. */
export const BELL_PAGE = 20;
/** Alerts made on an instance without this screen's socket still arrive: a slow poll behind the bridge. */
export const ALERTS_POLL_MS = 60_000;

export function useAlerts() {
  return useQuery({
    queryKey: alertKeys.list,
    queryFn: () => call(api.alerts.list, { query: { limit: BELL_PAGE } }),
    refetchInterval: ALERTS_POLL_MS,
  });
}

/** Marks alerts read (the listed ones, or all) and shows it at once. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: number[] } | { all: true }) => call(api.alerts.markRead, { body: which }),
    onSuccess: ({ unread }, which) => {
      const at = new Date().toISOString();
      queryClient.setQueryData<AlertsPage>(alertKeys.list, (page) =>
        page
          ? {
              ...page,
              unread,
              alerts: page.alerts.map((a) =>
                a.read_at === null && ('all' in which || which.ids.includes(a.id)) ? { ...a, read_at: at } : a,
              ),
            }
          : page,
      );
    },
  });
}

/** "99+" past 99: the badge stays small. */
export const unreadBadge = (n: number): string => (n > 99 ? '99+' : String(n));

/** The bell's accessible name: its purpose, then how many are unread. */
export const bellLabel = (unread: number): string =>
  unread === 0 ? 'Notifications' : `Notifications (${unread} unread)`;

/** "23 Nov, 10:42" in IST, as every time on the console. */
export function alertTime(alert: Pick<Alert, 'created_at'>): string {
  return new Date(alert.created_at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  });
}
