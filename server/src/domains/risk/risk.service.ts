import { isLiveStatus, type KillSwitch, type Mapping } from '@app/contract';
import type { Kysely } from 'kysely';
import type { SharedState } from '../../db/shared-state.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Actor } from '../../platform/ownership.js';
import { isoOrNull } from '../../platform/time.js';
import type { Engine } from '../engine/engine.service.js';
import type { MappingsService, StatusReason } from '../strategies/mappings.service.js';

export interface RiskServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  shared: Pick<SharedState, 'killSwitch'>;
  mappings: Pick<MappingsService, 'listAll' | 'listFor' | 'stopIfLive'>;
  engine: Pick<Engine, 'exit' | 'exitPaper'>;
  logger: { warn: (obj: object, msg: string) => void };
  events: Pick<DomainEventBus, 'publish'>;
}

const isLive = (m: Mapping) => isLiveStatus(m.running_status);

/**
 * The kill switch and a user's Exit all (issue 13). Both stop strategies through the strategies domain (so
 * the row and `strategy_status_changed` carry the stop reason) and square off through the engine's Exit;
 * a leg the broker does not take at once is left to the engine's square-off chase, which flattens every
 * stopped strategy still holding legs.
 */
export function createRiskService({ db, clock, shared, mappings, engine, logger, events }: RiskServiceDeps) {
  async function read(): Promise<KillSwitch> {
    const state = await shared.killSwitch.get();
    return { engaged: state.engaged, engaged_at: isoOrNull(state.at), engaged_by: state.by };
  }

  /**
   * Stops each live mapping with `reason`, then squares off every one holding legs; counts what it touched.
   * Paper strategies go in one engine pass (all under their locks, one fill transaction); live ones one
   * after another per broker account (Kite's order limits), accounts side by side.
   */
  async function stopAndFlatten(rows: Mapping[], reason: StatusReason) {
    const touched = rows.filter((m) => isLive(m) || m.open_legs.length > 0);
    const paper = touched.filter((m) => m.is_dummy === 1);
    const accounts = new Map<number | null, Mapping[]>();
    for (const m of touched.filter((x) => x.is_dummy !== 1)) {
      accounts.set(m.user_broker_id, [...(accounts.get(m.user_broker_id) ?? []), m]);
    }
    const flattenPaper = async () => {
      if (paper.length === 0) return { stopped: 0, legs: 0 };
      const legs = paper.reduce((n, m) => n + m.open_legs.length, 0);
      try {
        const done = await engine.exitPaper(
          paper.map((m) => ({ id: m.id, userId: m.user_id })),
          reason,
        );
        return { stopped: done.stopped.length, legs };
      } catch (err) {
        // Whatever was stopped stays stopped; the square-off chase flattens what holds legs.
        logger.warn({ err, mappings: paper.length }, 'paper square-off left to the chase');
        return { stopped: 0, legs };
      }
    };
    const flattenLive = async (list: Mapping[]) => {
      let stopped = 0;
      let legs = 0;
      for (const m of list) {
        const owner: Actor = { userId: m.user_id, role: 'user' };
        if (isLive(m)) {
          try {
            // Counted only if this call stopped it: Exit all pressed on two consoles stops each strategy once.
            if (await mappings.stopIfLive(owner, m.id, reason)) stopped += 1;
          } catch (err) {
            logger.warn({ err, mappingId: m.id }, 'could not stop a strategy');
            continue;
          }
        }
        if (m.open_legs.length === 0) continue;
        legs += m.open_legs.length;
        // Already stopped with the reason, so Exit only buys back; a refusal (market closed, broker) leaves
        // the legs to the square-off chase.
        // The trader's own Exit all is theirs; a kill switch or a limit is the console's doing.
        const cause = reason === 'manual' ? undefined : { author: { kind: 'console' } as const, because: reason };
        await engine.exit(owner, m.id, cause).catch((err: unknown) => {
          logger.warn({ err, mappingId: m.id }, 'square-off left to the chase');
        });
      }
      return { stopped, legs };
    };
    const done = await Promise.all([flattenPaper(), ...[...accounts.values()].map(flattenLive)]);
    return {
      stopped: done.reduce((n, d) => n + d.stopped, 0),
      legs: done.reduce((n, d) => n + d.legs, 0),
    };
  }

  async function usernameOf(userId: number) {
    const user = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
    return user?.username ?? null;
  }

  return {
    killSwitch: read,
    /** Stops and flattens the given mappings with `reason` (limits breached, kill switch, Exit all). */
    stopAndFlatten,

    async setKillSwitch(actor: Actor, engaged: boolean) {
      const now = clock.now();
      if (!engaged) {
        // Releasing restarts nothing: each trader starts their strategies again. Releasing a released
        // switch changes nothing, so nobody is told of it again.
        if (!(await shared.killSwitch.get()).engaged)
          return { ...(await read()), stopped_strategies: 0, closed_legs: 0 };
        await shared.killSwitch.set({ engaged: false, at: null, by: null }, now);
        const by = await usernameOf(actor.userId);
        void events.publish('kill_switch.changed', {
          engaged: false,
          by,
          at: now,
          stoppedStrategies: 0,
          closedLegs: 0,
        });
        return { ...(await read()), stopped_strategies: 0, closed_legs: 0 };
      }
      const by = await usernameOf(actor.userId);
      const current = await shared.killSwitch.get();
      // Engaged first, so nothing starts while the strategies are being stopped.
      if (!current.engaged) await shared.killSwitch.set({ engaged: true, at: now, by }, now);
      const first = await stopAndFlatten(
        (await mappings.listAll()).filter((m) => isLive(m) || m.open_legs.length > 0),
        'kill_switch',
      );
      // A start that passed its check just before the switch was set may have committed after the list
      // was read: one more look stops it (any later start is refused).
      const late = await stopAndFlatten((await mappings.listAll()).filter(isLive), 'kill_switch');
      const stoppedStrategies = first.stopped + late.stopped;
      const closedLegs = first.legs + late.legs;
      // Pressed again while engaged, it sweeps again; traders hear of it only if that closed something.
      if (!current.engaged || stoppedStrategies > 0 || closedLegs > 0)
        void events.publish('kill_switch.changed', { engaged: true, by, at: now, stoppedStrategies, closedLegs });
      return { ...(await read()), stopped_strategies: stoppedStrategies, closed_legs: closedLegs };
    },

    /** The caller's own Exit all: only their strategies, stopped as their own (manual) stop. */
    async exitAll(actor: Actor) {
      const mine = await mappings.listFor(actor.userId);
      const { stopped } = await stopAndFlatten(
        mine.filter((m) => isLive(m) || m.open_legs.length > 0),
        'manual',
      );
      return { stopped_strategies: stopped };
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
