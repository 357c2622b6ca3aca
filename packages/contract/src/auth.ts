import { z } from 'zod';
import { ROLES } from './constants.js';
import { defineRoute, EmptyDataSchema, requiredText } from './route.js';

export const RoleSchema = z.enum(ROLES, { error: 'role must be admin or user' });

/** The user object as the API returns it; the password never leaves the server. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object({
  username: requiredText('username', 64),
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SessionDataSchema = z.object({ token: z.string(), user: UserSchema });

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: LoginBodySchema,
    data: SessionDataSchema,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/auth/verify',
    access: 'user',
    data: z.object({ user: UserSchema }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    data: EmptyDataSchema,
  }),
};
