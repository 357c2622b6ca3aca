import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '@app/contract';
import { call } from '../api/client';
import { getToken } from '../api/session';
import { connectRealtime } from '../api/socket';
import { Message, useFlash } from '../components/Message';
import { alertKeys } from '../features/alerts/alerts-query';
import { useSession } from '../features/auth/session-context';
import { mtmHistory } from '../features/positions/mtm-history';
import { patchPositionInCache, positionKeys } from '../features/positions/position-cache';
import { bySymbolKey } from '../features/positions/positions-by-symbol-display';
import { rdxConfigKeys } from '../features/rdx/rdx-config-keys';
import { rdxServiceKey } from '../features/rdx/rdx-service-query';
import { killSwitchKey } from '../features/risk/kill-switch-query';
import { applyBacktestProgress } from '../features/strategy-lab/backtest-keys';
import { mappingKeys, patchMappingInCache } from '../features/strategies/mapping-keys';
import { transactionKeys } from '../features/transactions/transaction-keys';
import { throttle } from '../lib/throttle';
import { testEventText } from './test-event';
import './realtime.css';

/** Reconciliation asks every live broker account: after a burst of fills, once every 5 s is plenty. */
const RECONCILE_AFTER_FILL_MS = 5_000;

/** The Positions view reads its contracts again at most once a second, as prices and fills arrive. */
const BY_SYMBOL_AFTER_EVENT_MS = 1_000;
/** Once the client's own retries are spent, a quiet try this often, so a console back later clears the bar. */
const RETRY_WHILE_LOST_MS = 30_000;

/**
 * Keeps screens live (SPEC §4 "Realtime events"): a status change merges the whole strategy into its
 * row (status_detail and available_actions included), a new transaction refetches strategies,
 * transactions and RDX configurations, a test event shows a quiet message at the foot of the screen (issue 27:
 * never a blocking `alert()` on a trader's screen mid-trade; it goes away by itself after 5 s). Issue 11: a position update is
 * merged into the cached positions (rows, today's strip and the MTM curves follow), and a fill has the
 * broker reconciliation asked again (throttled). Connected while signed in.
 *
 * A lost connection is caught up on: when it comes back, by itself or by Reconnect, every screen on show
 * reads again (events sent meanwhile were missed, and a read that failed while the server was down would
 * otherwise stay failed). Once SPEC's five reconnection attempts are spent, or the server closed the
 * socket itself, a bar says live updates stopped and offers Reconnect; a quiet try every 30 s meanwhile
 * clears it by itself once the console answers again (a trader saw it stay up over a working screen).
 */
export function RealtimeBridge() {
  const { user } = useSession();
  const queryClient = useQueryClient();

  const userId = user?.id;
  const role = user?.role;
  // The server refuses a socket until the printed first-start password is changed; connect after.
  const mustChangePassword = user?.must_change_password === true;

  const [isLost, setLost] = useState(false);
  const testEvent = useFlash();
  const showTestEvent = testEvent.show;
  const reconnect = useRef<() => void>(() => undefined);

  useEffect(() => {
    const token = getToken();
    if (userId === undefined || role === undefined || mustChangePassword || !token) return;
    const socket = connectRealtime(token, { id: userId, role });
    // Every connection after the first is a return, by the client's own retries or the Reconnect button
    // (which is no 'reconnect' of the manager): screens read again, for what was missed meanwhile.
    let connectedBefore = false;
    let quietRetry: ReturnType<typeof setInterval> | undefined;
    const giveUp = () => {
      setLost(true);
      clearInterval(quietRetry);
      quietRetry = setInterval(() => {
        if (!socket.connected) socket.connect();
      }, RETRY_WHILE_LOST_MS);
    };
    socket.on('connect', () => {
      clearInterval(quietRetry);
      setLost(false);
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    socket.io.on('reconnect_failed', giveUp);
    // Closed by the server itself (an older console's shutdown, an ended session): the client will not
    // retry on its own, so the bar offers it.
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect') return;
      // Most often the session ended (a password change, a logout elsewhere): asking says so at once, and
      // a 401 signs this tab out with the reason. A live session means the server just closed the socket.
      call(api.auth.verify).then(giveUp, () => undefined);
    });
    reconnect.current = () => {
      setLost(false);
      socket.connect();
    };
    const reconcileSoon = throttle(
      () => void queryClient.invalidateQueries({ queryKey: positionKeys.reconcile }),
      RECONCILE_AFTER_FILL_MS,
    );
    // Issue 32 item 1: the Positions view (when open: only active queries are read again) follows each price
    // tick and fill of the trader's strategies; its own poll is only the fallback while the socket is down.
    const bySymbolSoon = throttle(
      () => void queryClient.invalidateQueries({ queryKey: bySymbolKey() }),
      BY_SYMBOL_AFTER_EVENT_MS,
    );
    socket.on('strategy_status_changed', ({ userStrategyMappingId, strategy }) => {
      patchMappingInCache(queryClient, userStrategyMappingId, strategy);
    });
    // Created, edited, reconfigured or deleted elsewhere (another tab, an admin, another console).
    socket.on('strategy_changed', ({ userStrategyMappingId }) => {
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      void queryClient.invalidateQueries({ queryKey: rdxConfigKeys.detail(userStrategyMappingId) });
      // A strategy added or moved between paper and live changes what there is to compare (issue 27).
      reconcileSoon();
    });
    // Switched on or off by an admin (on any console): every banner and the RDX tab follow at once.
    socket.on('rdx_service_changed', () => {
      void queryClient.invalidateQueries({ queryKey: rdxServiceKey });
      // Each row says why it is not trading, the service among the reasons.
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
    });
    socket.on('transaction_created', () => {
      void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      // A fill follows an entry or realign, which sets the ATM (and so the strikes) a row shows.
      void queryClient.invalidateQueries({ queryKey: rdxConfigKeys.all });
      reconcileSoon();
      bySymbolSoon();
    });
    socket.on('positions_updated', ({ position }) => {
      // A price move changes no holdings: only a fill is worth asking the broker about again.
      if (patchPositionInCache(queryClient, position, userId)) reconcileSoon();
      bySymbolSoon();
    });
    socket.on('test_event', ({ message }) => showTestEvent('info', testEventText(message)));
    // Issue 13: a new alert of this user's; the bell reads its count and list again. Every user is told
    // of the kill switch, so its banner follows at once instead of at the next poll.
    socket.on('alert_created', ({ alert }) => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list });
      if (alert.kind === 'kill_switch') {
        void queryClient.invalidateQueries({ queryKey: killSwitchKey });
        // Engaged or released, the rows' statuses and actions follow it.
        void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      }
    });
    // Issue 30: a backtest of this user's moved; its row's bar follows, and an ended one brings its results.
    socket.on('backtest_progress', (progress) => applyBacktestProgress(queryClient, progress));
    // Read in another tab (or on another console): this tab's bell and list follow.
    socket.on('alerts_read', () => void queryClient.invalidateQueries({ queryKey: alertKeys.list }));
    return () => {
      clearInterval(quietRetry);
      reconcileSoon.cancel();
      bySymbolSoon.cancel();
      reconnect.current = () => undefined;
      setLost(false);
      socket.disconnect();
      // The next user's MTM curves start empty.
      mtmHistory.clear();
    };
  }, [userId, role, mustChangePassword, queryClient, showTestEvent]);

  return (
    <>
      {testEvent.flash && (
        <div className="realtime-toast" data-testid="test-event">
          <Message flash={testEvent.flash} onClose={testEvent.clear} />
        </div>
      )}
      {isLost && <LostBar onReconnect={() => reconnect.current()} />}
    </>
  );
}

function LostBar({ onReconnect }: { onReconnect: () => void }) {
  return (
    <div className="realtime-lost" role="alert">
      <span>Live updates stopped: the console cannot be reached. Screens show what they last read.</span>
      <button type="button" onClick={onReconnect}>
        Reconnect
      </button>
    </div>
  );
}
