import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { UsersService } from './users.service.js';

export function registerUsersRoutes(app: FastifyInstance, authenticate: Authenticate, users: UsersService): void {
  mount(app, authenticate, api.users.list, () => users.list());
  mount(app, authenticate, api.users.get, ({ params }) => users.get(params.id));
  mount(app, authenticate, api.users.create, async ({ body }) =>
    replied(await users.create(body, { mustChangePassword: true }), 'User created', 201),
  );
  mount(app, authenticate, api.users.update, ({ params, body }) => users.update(params.id, body));
  mount(app, authenticate, api.users.remove, async ({ params, auth }) => {
    await users.remove(params.id, auth.userId);
    return { id: params.id };
  });
  mount(app, authenticate, api.users.unlock, ({ params }) => users.unlock(params.id));
}
