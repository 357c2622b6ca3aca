import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/client';
import { alertTime, bellLabel, unreadBadge, useAlerts, useMarkAlertsRead } from './alerts-query';
import './alerts.css';

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The notification centre (issue 13): a bell with the unread count, opening the newest alerts. New ones
 * arrive through the realtime bridge (`alert_created`); opening the list does not mark them read, the
 * trader does, one by one or all at once.
 */
export function AlertsBell() {
  const alerts = useAlerts();
  const markRead = useMarkAlertsRead();
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unread = alerts.data?.unread ?? 0;

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setIsOpen(false);
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [isOpen]);

  const list = alerts.data?.alerts ?? [];
  return (
    <div className="alerts-bell" ref={root}>
      <button
        type="button"
        className="alerts-bell-button"
        aria-label="Notifications"
        title={bellLabel(unread)}
        aria-haspopup="true"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((v) => !v)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="alerts-badge" data-testid="alerts-unread" aria-hidden="true">
            {unreadBadge(unread)}
          </span>
        )}
      </button>
      {isOpen && (
        <section className="alerts-panel card" aria-label="Alerts">
          <div className="alerts-panel-header">
            <h3>Alerts</h3>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </button>
          </div>
          {alerts.isError && (
            <p className="alerts-error" role="alert">
              {messageOf(alerts.error, 'Failed to load alerts')}
            </p>
          )}
          {markRead.isError && (
            <p className="alerts-error" role="alert">
              {messageOf(markRead.error, 'Failed to mark alerts read')}
            </p>
          )}
          {alerts.isSuccess && list.length === 0 && <p className="muted">No alerts yet.</p>}
          <ul className="alerts-list">
            {list.map((a) => (
              <li key={a.id} className={a.read_at === null ? 'alert-item unread' : 'alert-item'}>
                <div className="alert-item-head">
                  <strong>{a.title}</strong>
                  <time dateTime={a.created_at}>{alertTime(a)}</time>
                </div>
                <p>{a.body}</p>
                {a.read_at === null && (
                  <button
                    type="button"
                    className="link"
                    aria-label={`Mark read: ${a.title}`}
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate({ ids: [a.id] })}
                  >
                    Mark read
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
