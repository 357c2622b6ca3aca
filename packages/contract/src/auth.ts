import { z } from 'zod';
import { ROLES } from './constants.js';
import { defineRoute, EmptyDataSchema, requiredText } from './route.js';

export const RoleSchema = z.enum(ROLES, { error: 'Role must be admin or user' });

/** The user object as the API returns it; the password never leaves the server. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
  /**
   * Only in login and verify replies, and only when true: a user whose password someone else chose (the
   * admin created at first start with a printed password, or any user an admin created or reset) must choose
   * their own before anything else (every other route answers 428 until then).
   */
  must_change_password: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** The shortest password accepted on create, reset and change (the server also refuses common ones). */
export const PASSWORD_MIN_LENGTH = 8;

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
    .min(PASSWORD_MIN_LENGTH, { error: `New Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
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
