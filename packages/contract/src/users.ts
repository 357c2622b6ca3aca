import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RoleSchema, UserSchema } from './auth.js';
import { IsoTimeSchema } from './fields.js';
import { defineRoute, IdParamsSchema, requiredText } from './route.js';

const UsernameSchema = requiredText('username', 64).regex(/^[A-Za-z0-9_.@-]+$/, {
  error: 'Username may contain letters, digits and _ . @ - only',
});
const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { error: 'Password must be at most 200 characters' });

export const CreateUserSchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  role: RoleSchema,
});
export type CreateUser = z.infer<typeof CreateUserSchema>;

/**
 * A user on the admin's list, with their sign-in state (issue 27): failed sign-ins in the last 15 minutes,
 * and while five or more, when the lock on wrong passwords ends. The right password signs in regardless.
 */
export const UserListItemSchema = UserSchema.extend({
  locked_until: IsoTimeSchema.nullable(),
  failed_logins: z.number().int(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

/** Partial update; a new password revokes the user's sessions and must be changed at their next sign-in. */
export const UpdateUserSchema = z
  .object({ username: UsernameSchema, password: PasswordSchema, role: RoleSchema })
  .partial();
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const usersRoutes = {
  list: defineRoute({ method: 'GET', path: '/users', access: 'admin', data: z.array(UserListItemSchema) }),
  get: defineRoute({
    method: 'GET',
    path: '/users/:id',
    access: 'admin',
    params: IdParamsSchema,
    data: UserSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: CreateUserSchema,
    data: UserSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    access: 'admin',
    params: IdParamsSchema,
    body: UpdateUserSchema,
    data: UserSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
  /** Forgets the user's failed sign-ins, ending a lock (issue 27); the user as the list shows them now. */
  unlock: defineRoute({
    method: 'POST',
    path: '/users/:id/unlock',
    access: 'admin',
    params: IdParamsSchema,
    data: UserListItemSchema,
  }),
};
