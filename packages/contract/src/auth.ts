import { z } from 'zod';
import { ROLES } from './constants.js';
import { defineRoute, EmptyDataSchema, requiredText } from './route.js';

export const RoleSchema = z.enum(ROLES, { error: 'Role must be admin or user' });

/** The user object as the API returns it; the password never leaves the server. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object({
  username: requiredText('username', 64),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SessionDataSchema = z.object({ token: z.string(), user: UserSchema });

/** Own password change: the current one proves it is the owner; every other session is revoked. */
export const ChangePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Current Password is required' })
    .min(1, { error: 'Current Password is required' })
    .max(200),
  new_password: z
    .string({ error: 'New Password is required' })
    .min(8, { error: 'New Password must be at least 8 characters' })
    .max(200, { error: 'New Password must be at most 200 characters' }),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

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
  changePassword: defineRoute({
    method: 'POST',
    path: '/auth/change-password',
    access: 'user',
    body: ChangePasswordSchema,
    data: EmptyDataSchema,
  }),
};
