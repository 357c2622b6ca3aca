import type { Role } from '@app/contract';
import type { TestApp } from './test-app.js';

let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  role: Role;
  token: string;
}

/** Creates a user through the service and signs them in. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<{ username: string; password: string; role: Role }> = {},
) {
  counter += 1;
  const username = overrides.username ?? `user${counter}_${Date.now() % 100000}`;
  const password = overrides.password ?? 'password123';
  const role = overrides.role ?? 'user';
  const user = await t.services.users.create({ username, password, role });
  const { token } = await t.services.auth.login({ username, password }, `10.0.0.${counter % 250}`);
  return { id: user.id, username, password, role, token } satisfies TestUser;
}

export const buildAdmin = (t: TestApp, overrides: Partial<{ username: string; password: string }> = {}) =>
  buildUser(t, { ...overrides, role: 'admin' });
