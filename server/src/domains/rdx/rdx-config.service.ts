import type { RdxConfig, SaveRdxConfig, UpdateRdxConfig } from '@app/contract';
import { MSG, RUNNING_STATUS, SaveRdxConfigSchema, UpdateRdxConfigSchema } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { parseWith } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import { toPaise, toRupees } from '../../platform/time.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { MappingView } from '../strategies/mappings.types.js';
import { toRdxConfig } from './rdx-config.presenter.js';
import { RDX_STRATEGY_NAME } from './rdx-strategy.logic.js';
import type { RdxConfigRepository } from './rdx-config.repository.js';
import {
  chainSpan,
  hasOptionChain,
  localDate,
  noOptionChain,
  offsetOutsideChain,
  type ChainOption,
} from './rdx.logic.js';

export { RDX_STRATEGY_NAME };

/** How long a save waits for the option chain before skipping the strike check. */
const CHAIN_WAIT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createRdxConfigService(deps: {
  repo: RdxConfigRepository;
  mappings: MappingsService;
  clock: Clock;
  /** The option chain of an underlying (by ticker); an unreachable chain skips the strike check. */
  chainFor?: (ticker: string) => Promise<readonly ChainOption[]>;
  /** `mapping.changed` after every write (the engine follows interval changes). */
  events: Pick<DomainEventBus, 'publish'>;
  /** Writes hold the mapping's lock, so a candle close decides on the old settings or the new, never half. */
  locks: MappingLocks;
}) {
  const { repo, mappings, clock, locks } = deps;
  const onChanged = (mapping: { id: number; userId: number }) =>
    void deps.events.publish('mapping.changed', { mappingId: mapping.id, userId: mapping.userId });

  async function loadRdxMapping(actor: Actor, mappingId: number) {
    const mapping = await mappings.load(actor, mappingId);
    if (mapping.strategyName !== RDX_STRATEGY_NAME) throw badRequest(MSG.rdxOnlyForRdx);
    return mapping;
  }

  /** Refuses strikes the chain does not list, so a typo is caught at save, not at the first candle. */
  async function assertOnChain(mapping: MappingView, input: SaveRdxConfig) {
    if (!deps.chainFor || !mapping.instrumentTicker) return;
    let chain: readonly ChainOption[];
    try {
      chain = await withTimeout(deps.chainFor(mapping.instrumentTicker), CHAIN_WAIT_MS);
    } catch {
      return; // No market-data token yet, or the broker is slow: the engine reports it when it trades.
    }
    const span = chainSpan(chain, localDate(clock.now(), mapping.timezone));
    if (!span) return;
    const problem = offsetOutsideChain(span, toPaise(input.atm_value), toPaise(input.offset_value));
    if (problem) throw badRequest(problem);
  }

  const fields = (input: SaveRdxConfig) => ({
    rdxLotCount: input.rdx_lot_count,
    atmValuePaise: toPaise(input.atm_value),
    offsetValuePaise: toPaise(input.offset_value),
    interval: input.interval,
  });

  return {
    async get(actor: Actor, mappingId: number): Promise<RdxConfig> {
      await mappings.load(actor, mappingId);
      const row = await repo.findByMapping(mappingId);
      if (!row) throw notFound('RDX configuration');
      return toRdxConfig(row);
    },

    async find(actor: Actor, mappingId: number): Promise<RdxConfig | null> {
      await mappings.load(actor, mappingId);
      const row = await repo.findByMapping(mappingId);
      return row ? toRdxConfig(row) : null;
    },

    create(actor: Actor, mappingId: number, input: SaveRdxConfig): Promise<RdxConfig> {
      return locks.withMappings([mappingId], async () => {
        const mapping = await loadRdxMapping(actor, mappingId);
        if (await repo.findByMapping(mappingId)) throw conflict(MSG.rdxConfigExists);
        // It would show running forever: no candle of it ever reaches the engine, which follows Kite's.
        if (!hasOptionChain(mapping.instrumentToken)) throw badRequest(noOptionChain(mapping.instrumentName));
        await assertOnChain(mapping, input);
        const now = clock.now();
        const row = await repo.insert({
          mappingId,
          ...fields(input),
          atmLastUpdated: input.atm_value > 0 ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        onChanged(mapping);
        return toRdxConfig(row);
      });
    },

    update(actor: Actor, mappingId: number, input: UpdateRdxConfig): Promise<RdxConfig> {
      return locks.withMappings([mappingId], async () => {
        const mapping = await loadRdxMapping(actor, mappingId);
        const current = await repo.findByMapping(mappingId);
        if (!current) throw notFound('RDX configuration');
        // What the PUT left out keeps its stored value.
        const whole: SaveRdxConfig = {
          ...input,
          atm_value: input.atm_value ?? toRupees(current.atmValuePaise),
          offset_value: input.offset_value ?? toRupees(current.offsetValuePaise),
        };
        await assertOnChain(mapping, whole);
        const now = clock.now();
        const next = fields(whole);
        const row = await repo.update(mappingId, {
          ...next,
          ...(next.atmValuePaise !== current.atmValuePaise ? { atmLastUpdated: now } : {}),
          updatedAt: now,
        });
        if (!row) throw notFound('RDX configuration');
        onChanged(mapping);
        return toRdxConfig(row);
      });
    },

    remove(actor: Actor, mappingId: number): Promise<void> {
      return locks.withMappings([mappingId], async () => {
        const mapping = await mappings.load(actor, mappingId);
        // A running strategy reads its config at every candle; take it away only when stopped.
        if (mapping.runningStatus !== RUNNING_STATUS.STOPPED) throw conflict(MSG.mappingRunning);
        if (!(await repo.remove(mappingId))) throw notFound('RDX configuration');
        onChanged(mapping);
      });
    },
  };
}

export type RdxConfigService = ReturnType<typeof createRdxConfigService>;

/**
 * RDX's settings as the strategy-agnostic routes (/strategies/user-mappings/{id}/config) read and save them: the
 * same checks as /rdx-config; a PUT creates the configuration when there is none, and otherwise updates it (what
 * it leaves out keeps its stored value, as /rdx-config's PUT).
 */
export function rdxConfigStore(rdxConfigs: RdxConfigService) {
  return {
    find: (actor: Actor, mappingId: number) => rdxConfigs.find(actor, mappingId),
    async save(actor: Actor, mappingId: number, body: Readonly<Record<string, unknown>>): Promise<RdxConfig> {
      if (await rdxConfigs.find(actor, mappingId)) {
        return rdxConfigs.update(actor, mappingId, parseWith(UpdateRdxConfigSchema, body));
      }
      return rdxConfigs.create(actor, mappingId, parseWith(SaveRdxConfigSchema, body));
    },
  };
}
