import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RoleSchema, UserSchema } from './auth.js';
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

/** Partial update; a new password revokes the user's sessions. */
export const UpdateUserSchema = z
  .object({ username: UsernameSchema, password: PasswordSchema, role: RoleSchema })
  .partial();
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const usersRoutes = {
  list: defineRoute({ method: 'GET', path: '/users', access: 'admin', data: z.array(UserSchema) }),
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
};
