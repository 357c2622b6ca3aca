import type { User } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { sessionChangeFrom, TOKEN_KEY, USER_KEY } from './session';

const user: User = { id: 3, username: 'trader1', role: 'user' };
const signedIn = { token: 't.k', user };
const signedOut = { token: null, user: null };

describe('sessionChangeFrom (another tab changed localStorage)', () => {
  it('signs this tab out when the token or the user is removed', () => {
    expect(sessionChangeFrom({ key: TOKEN_KEY, newValue: null }, { token: null, user })).toEqual({
      kind: 'signed-out',
    });
    expect(sessionChangeFrom({ key: USER_KEY, newValue: null }, { token: 't.k', user: null })).toEqual({
      kind: 'signed-out',
    });
  });

  it('signs this tab out on localStorage.clear() (key null)', () => {
    expect(sessionChangeFrom({ key: null, newValue: null }, signedOut)).toEqual({ kind: 'signed-out' });
  });

  it('never signs out on a write: the token written before the user is a login in progress', () => {
    expect(sessionChangeFrom({ key: TOKEN_KEY, newValue: 't.k' }, { token: 't.k', user: null })).toEqual({
      kind: 'none',
    });
  });

  it('signs this tab in once another tab has written both token and user', () => {
    expect(sessionChangeFrom({ key: USER_KEY, newValue: JSON.stringify(user) }, signedIn)).toEqual({
      kind: 'signed-in',
      user,
    });
    expect(sessionChangeFrom({ key: TOKEN_KEY, newValue: 't.k' }, signedIn)).toEqual({ kind: 'signed-in', user });
  });

  it('ignores keys that are not the session', () => {
    expect(sessionChangeFrom({ key: 'theme', newValue: null }, signedOut)).toEqual({ kind: 'none' });
  });

  it('keeps a removal that leaves a whole session (the key was written again since)', () => {
    expect(sessionChangeFrom({ key: TOKEN_KEY, newValue: null }, signedIn)).toEqual({ kind: 'none' });
  });
});
