import { api } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { call } from '../api/client';
import { useSession } from '../features/auth/session-context';
import { brokerConfigKeys } from '../features/brokers/broker-config-keys';
import { killSwitchKey } from '../features/risk/kill-switch-query';
import { stripItems, type StripItem } from './status-strip';
import './status-strip.css';

export const consoleStatusKey = ['console', 'status'] as const;

/** How often the strip asks again: a feed or a token that dies shows within this. */
const POLL_MS = 15_000;

function Item({ item }: { item: StripItem }) {
  const body = item.href ? (
    <Link to={item.href} className="strip-link">
      {item.label}
    </Link>
  ) : (
    item.label
  );
  return (
    <li
      className={`strip-item tone-${item.tone}`}
      title={item.detail}
      aria-label={`${item.label}. ${item.detail}`}
      data-strip={item.key}
    >
      {body}
    </li>
  );
}

/**
 * The status strip on every signed-in screen (issue 32 item 6): SANDBOX or LIVE, the market open or closed with
 * its next open, the feed, each broker account's token, the kill switch; an item that needs fixing links to
 * where it is fixed. It shows once the first answer comes; the SANDBOX chip beside the title needs none.
 */
export function StatusStrip() {
  const { user } = useSession();
  const client = useQueryClient();
  // A token saved, an account added or the kill switch moved (here or pushed over the socket) shows at once.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const key = event.query.queryKey as readonly unknown[];
        const isAccounts = key[0] === brokerConfigKeys.all[0];
        const isKillSwitch = JSON.stringify(key) === JSON.stringify(killSwitchKey);
        if (isAccounts || isKillSwitch) void client.invalidateQueries({ queryKey: consoleStatusKey });
      }),
    [client],
  );
  const status = useQuery({
    queryKey: consoleStatusKey,
    queryFn: () => call(api.console.status),
    refetchInterval: POLL_MS,
    enabled: user !== null,
  });
  if (!status.data || !user) return null;
  // SANDBOX is the chip beside the title, on every screen from the first paint; LIVE is said here.
  const items = stripItems(status.data, user.role, Date.parse(status.data.checked_at)).filter(
    (item) => !(item.key === 'exchange' && status.data.exchange === 'sandbox'),
  );
  return (
    <ul className="status-strip" aria-label="Console status" data-testid="status-strip">
      {items.map((item) => (
        <Item key={item.key} item={item} />
      ))}
    </ul>
  );
}
