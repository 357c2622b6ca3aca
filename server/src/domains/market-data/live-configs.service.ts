import type { CreateLiveDataConfig, LiveDataConfig, UpdateLiveDataConfig } from '@app/contract';
import { instrumentTokenError, MSG } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import type { LiveConfigKey, LiveConfigsRepository, LiveConfigView } from './live-configs.repository.js';

export function toLiveConfig(row: LiveConfigView): LiveDataConfig {
  return {
    id: row.id,
    source: row.source,
    instrument_token: row.instrumentToken,
    interval: row.interval,
    instrument_name: row.instrumentName,
    created_at: iso(row.createdAt),
  };
}

export function createLiveConfigsService(deps: {
  repo: LiveConfigsRepository;
  clock: Clock;
  /** `live_configs.changed` when the set of configs changes, so a running live sync can follow. */
  events: Pick<DomainEventBus, 'publish'>;
}) {
  const { repo, clock } = deps;
  const onChanged = () => void deps.events.publish('live_configs.changed', { at: clock.now() });

  async function assertUnique(key: LiveConfigKey, exceptId?: number) {
    const existing = await repo.findByKey(key);
    if (existing && existing.id !== exceptId) throw conflict(MSG.liveConfigExists);
  }

  async function load(id: number) {
    const row = await repo.findById(id);
    if (!row) throw notFound('Live data configuration');
    return row;
  }

  return {
    async list(): Promise<LiveDataConfig[]> {
      return (await repo.list()).map(toLiveConfig);
    },

    async create(input: CreateLiveDataConfig): Promise<LiveDataConfig> {
      const key = { source: input.source, instrumentToken: input.instrument_token, interval: input.interval };
      await assertUnique(key);
      const id = await repo.insert({ ...key, createdAt: clock.now() });
      onChanged();
      return toLiveConfig(await load(id));
    },

    async update(id: number, patch: UpdateLiveDataConfig): Promise<LiveDataConfig> {
      const current = await load(id);
      const key = {
        source: patch.source ?? current.source,
        instrumentToken: patch.instrument_token ?? current.instrumentToken,
        interval: patch.interval ?? current.interval,
      };
      const tokenError = instrumentTokenError(key.source, key.instrumentToken);
      if (tokenError) throw badRequest(tokenError);
      await assertUnique(key, id);
      await repo.update(id, key);
      onChanged();
      return toLiveConfig(await load(id));
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('Live data configuration');
      onChanged();
    },
  };
}

export type LiveConfigsService = ReturnType<typeof createLiveConfigsService>;
