import { describe, expect, it } from 'vitest';
import { LoginBodySchema } from './auth.js';
import { CreateUserSchema } from './users.js';

describe('CreateUserSchema', () => {
  it('accepts a valid user and trims the username', () => {
    expect(CreateUserSchema.parse({ username: ' ann ', password: 'longenough', role: 'user' })).toEqual({
      username: 'ann',
      password: 'longenough',
      role: 'user',
    });
  });

  it('names the field in each message', () => {
    const result = CreateUserSchema.safeParse({ username: '', password: 'x', role: 'root' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages.some((m) => m.includes('Username'))).toBe(true);
    expect(messages.some((m) => m.includes('Password'))).toBe(true);
    expect(messages.some((m) => m.includes('Role'))).toBe(true);
  });

  it('drops unknown fields', () => {
    const parsed = CreateUserSchema.parse({ username: 'a', password: 'longenough', role: 'admin', isRoot: true });
    expect(parsed).not.toHaveProperty('isRoot');
  });
});

describe('LoginBodySchema', () => {
  it('requires both fields', () => {
    expect(LoginBodySchema.safeParse({ username: 'a' }).success).toBe(false);
    expect(LoginBodySchema.safeParse({ username: '  ', password: 'p' }).success).toBe(false);
  });
});
