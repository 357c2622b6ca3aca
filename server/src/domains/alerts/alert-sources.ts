import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import {
  driftAlert,
  killSwitchAlert,
  strategyStoppedAlert,
  tokenRefusedAlert,
  egressRefusedAlert,
  marginShortAlert,
  portfolioLimitAlert,
  type AlertDraft,
} from './alert-text.logic.js';
import type { AlertsRepository } from './alerts.repository.js';
import { rdxServiceAlert, squareOffCompletedAlert, squareOffFailedAlert } from './operations-alert-text.logic.js';
import type { AlertsService } from './alerts.service.js';

/**
 * What the console alerts on, heard where it happens: domain events are per process, so an automatic stop
 * alerts from the engine's instance and the kill switch from the admin's. Handlers run after the publisher
 * has moved on (the bus never waits on them where trading is), and a failure here is logged by the bus.
 */
export function subscribeAlertSources(deps: {
  events: DomainEventBus;
  repo: Pick<AlertsRepository, 'adminIds' | 'allUserIds' | 'runningStrategiesByOwner'>;
  alerts: Pick<AlertsService, 'notify'>;
  clock: Clock;
}): () => void {
  const { events, repo, alerts, clock } = deps;

  /** The owner's draft, and (naming the owner) the admins': a desk's risk manager hears of what the owner does. */
  async function toOwnerAndAdmins(userId: number, draftFor: (isForOwner: boolean) => AlertDraft | null) {
    const owner = draftFor(true);
    const forAdmins = draftFor(false);
    const admins = (await repo.adminIds()).filter((id) => id !== userId);
    await alerts.notify([
      ...(owner ? [{ userId, draft: owner }] : []),
      ...(forAdmins ? admins.map((id) => ({ userId: id, draft: forAdmins })) : []),
    ]);
  }

  /**
   * The figures of each limit breach, kept until its stop is heard (issue 27): `limits.breached` is published
   * just before the stop, on the same instance, so the stop's one alert carries them.
   */
  const limitNotes = new Map<number, { reason: string; note: string }>();

  const off = [
    events.subscribe('limits.breached', ({ reason, mappings, note }) => {
      for (const m of mappings) limitNotes.set(m.id, { reason, note });
    }),
    // One alert per portfolio breach (issue 34 item 4); the stops it makes carry its figures as a limit's do.
    events.subscribe('limits.portfolio_breached', async (breach) => {
      for (const m of breach.mappings) limitNotes.set(m.id, { reason: 'portfolio_limit', note: breach.note });
      await toOwnerAndAdmins(breach.userId, (isForOwner) => portfolioLimitAlert(breach, breach.userId, isForOwner));
    }),

    // The owner, and the admins: a desk's risk manager hears of every limit, token or broker stop.
    events.subscribe('mapping.status_changed', async ({ mapping, reason }) => {
      const breach = limitNotes.get(mapping.id);
      const note = breach?.reason === reason ? breach.note : null;
      if (breach) limitNotes.delete(mapping.id);
      await toOwnerAndAdmins(mapping.user_id, (isForOwner) =>
        strategyStoppedAlert(mapping, reason, clock.now(), isForOwner, note),
      );
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
    events.subscribe('entry.margin_short', async (short) => {
      await alerts.notify([{ userId: short.userId, draft: marginShortAlert(short) }]);
    }),
    events.subscribe('broker.egress_refused', async (refusal) => {
      await alerts.notify([{ userId: refusal.userId, draft: egressRefusedAlert(refusal) }]);
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

    // A square-off that left legs open, each try of it; and, once flat, that it completed after all.
    events.subscribe('square_off.failed', async (failure) => {
      await toOwnerAndAdmins(failure.userId, (isForOwner) => squareOffFailedAlert(failure, isForOwner));
    }),
    events.subscribe('square_off.completed', async (done) => {
      await toOwnerAndAdmins(done.userId, (isForOwner) => squareOffCompletedAlert(done, isForOwner));
    }),

    // The RDX service switched: each owner of a running strategy hears what it holds, the admins the desk's.
    events.subscribe('rdx.service_changed', async ({ isRunning, by, at, wasRunning }) => {
      if (wasRunning === isRunning) return;
      const [owners, admins] = await Promise.all([repo.runningStrategiesByOwner(), repo.adminIds()]);
      const change = { isRunning, by, at };
      const desk = {
        running: owners.reduce((n, o) => n + o.running, 0),
        holding: owners.reduce((n, o) => n + o.holding, 0),
        owners: owners.length,
      };
      const isAdmin = new Set(admins);
      await alerts.notify([
        ...owners
          .filter((o) => !isAdmin.has(o.userId))
          .map((o) => ({ userId: o.userId, draft: rdxServiceAlert(change, o, false) })),
        ...admins.map((userId) => ({ userId, draft: rdxServiceAlert(change, desk, true) })),
      ]);
    }),
  ];
  return () => off.forEach((unsubscribe) => unsubscribe());
}
