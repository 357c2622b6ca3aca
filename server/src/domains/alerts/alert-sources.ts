import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { driftAlert, killSwitchAlert, strategyStoppedAlert, tokenRefusedAlert } from './alert-text.logic.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertsService } from './alerts.service.js';

/**
 * What the console alerts on, heard where it happens: domain events are per process, so an automatic stop
 * alerts from the engine's instance and the kill switch from the admin's. Handlers run after the publisher
 * has moved on (the bus never waits on them where trading is), and a failure here is logged by the bus.
 */
export function subscribeAlertSources(deps: {
  events: DomainEventBus;
  repo: Pick<AlertsRepository, 'adminIds' | 'allUserIds'>;
  alerts: Pick<AlertsService, 'notify'>;
  clock: Clock;
}): () => void {
  const { events, repo, alerts, clock } = deps;
  const off = [
    // The owner, and the admins: a desk's risk manager hears of every limit, token or broker stop.
    events.subscribe('mapping.status_changed', async ({ mapping, reason }) => {
      const draft = strategyStoppedAlert(mapping, reason, clock.now());
      if (!draft) return;
      const admins = (await repo.adminIds()).filter((id) => id !== mapping.user_id);
      const forAdmins = strategyStoppedAlert(mapping, reason, clock.now(), false);
      await alerts.notify([
        { userId: mapping.user_id, draft },
        ...(forAdmins ? admins.map((userId) => ({ userId, draft: forAdmins })) : []),
      ]);
    }),

    // Everyone: the switch stopped (or frees) every trader's strategies, not only those running right now.
    events.subscribe('kill_switch.changed', async (change) => {
      const [admins, everyone] = await Promise.all([repo.adminIds(), repo.allUserIds()]);
      const isAdmin = new Set(admins);
      await alerts.notify(everyone.map((userId) => ({ userId, draft: killSwitchAlert(change, isAdmin.has(userId)) })));
    }),

    events.subscribe('broker.token_refused', async (token) => {
      await alerts.notify([{ userId: token.userId, draft: tokenRefusedAlert(token) }]);
    }),

    events.subscribe('reconciliation.drift', async ({ accounts, at }) => {
      const admins = await repo.adminIds();
      await alerts.notify(
        accounts.flatMap((account) =>
          [account.userId, ...admins.filter((id) => id !== account.userId)].map((userId) => ({
            userId,
            draft: driftAlert(account, at, userId === account.userId),
          })),
        ),
      );
    }),
  ];
  return () => off.forEach((unsubscribe) => unsubscribe());
}
