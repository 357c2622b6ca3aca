import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { LockoutService } from '../auth/lockout.service.js';
import type { PasswordHasher } from '../auth/passwords.service.js';
import { createUsersRepository } from './users.repository.js';
import { registerUsersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** User management (admin) and the first admin account. */
export function createUsersModule(deps: {
  db: Kysely<DB>;
  kind: DbKind;
  hasher: PasswordHasher;
  clock: Clock;
  events: DomainEventBus;
  /** The auth domain's sign-in locks: shown on the list, ended by the admin's unlock. */
  logins: Pick<LockoutService, 'status' | 'unlock'>;
}) {
  const users = createUsersService({ ...deps, repo: createUsersRepository(deps.db, deps.kind) });
  const routes: RegisterRoutes = (app, authenticate) => registerUsersRoutes(app, authenticate, users);
  return { users, routes };
}
