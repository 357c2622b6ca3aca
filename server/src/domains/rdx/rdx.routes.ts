import { api, MSG, RUNNING_STATUS } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../platform/errors.js';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import { brokerLabelFor } from '../brokers/broker-registry.js';
import { driftHold, driftHoldRefusal } from '../risk/drift-hold.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { RdxConfigService } from './rdx-config.service.js';

export function registerRdxRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  rdxConfigs: RdxConfigService,
  mappings: MappingsService,
): void {
  mount(app, authenticate, api.rdx.get, ({ auth, params }) => rdxConfigs.find(auth, params.id));
  mount(app, authenticate, api.rdx.create, async ({ auth, params, body }) =>
    replied(await rdxConfigs.create(auth, params.id, body), 'RDX configuration created', 201),
  );
  mount(app, authenticate, api.rdx.update, ({ auth, params, body }) => rdxConfigs.update(auth, params.id, body));
  mount(app, authenticate, api.rdx.remove, async ({ auth, params }) => {
    await rdxConfigs.remove(auth, params.id);
    return { id: params.id };
  });
  mount(app, authenticate, api.rdx.pause, async ({ auth, params }) => {
    const strategy = await mappings.setRunningStatus(auth, params.id, RUNNING_STATUS.PAUSED, {
      status: RUNNING_STATUS.RUNNING,
      error: MSG.notRunning,
    });
    return { newStatus: strategy.running_status, strategy };
  });
  mount(app, authenticate, api.rdx.resume, async ({ auth, params }) => {
    // Paused on a leg the broker no longer holds (issue 27): it would trade on it at the next close.
    const row = await mappings.load(auth, params.id);
    const difference = driftHold(row);
    if (difference !== null) throw conflict(driftHoldRefusal('resume', difference, brokerLabelFor(row.brokerKind)));
    const strategy = await mappings.setRunningStatus(auth, params.id, RUNNING_STATUS.RUNNING, {
      status: RUNNING_STATUS.PAUSED,
      error: MSG.notPaused,
    });
    return { newStatus: strategy.running_status, strategy };
  });
  mount(app, authenticate, api.rdx.userConfig, async ({ auth, params }) => ({
    strategy: await mappings.get(auth, params.id),
    config: await rdxConfigs.find(auth, params.id),
  }));
}
