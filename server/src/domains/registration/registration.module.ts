import { api } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { mountDownload } from '../../platform/csv-route.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { OrderLimits } from '../brokers/broker-port.js';
import { createRegistrationRepository } from './registration.repository.js';
import { createRegistrationService } from './registration.service.js';

/**
 * Algo registration packs (issue 31 item 9): a strategy type's white-box description for the broker, from its
 * rules, the console's controls and the caller's own evidence. A read model; it writes nothing.
 */
export function createRegistrationModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  orderLimits: OrderLimits;
  killSwitchEngaged: () => Promise<boolean>;
  mode: 'sandbox' | 'live';
}) {
  const repo = createRegistrationRepository(deps.db);
  const registration = createRegistrationService({ ...deps, repo, usernameOf: (id) => repo.usernameOf(id) });
  const routes: RegisterRoutes = (app, authenticate) => {
    mountDownload(app, authenticate, api.registration.pack, ({ auth, params, query }) =>
      registration.pack(auth.userId, params.type, query.format),
    );
  };
  return { registration, routes };
}
