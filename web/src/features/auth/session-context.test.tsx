import type { User } from '@app/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '../../api/session';
import { SessionProvider, useSession } from './session-context';

const alice: User = { id: 3, username: 'alice', role: 'user' };

function WhoAmI() {
  const { user } = useSession();
  return <p data-testid="who">{user ? user.username : 'signed out'}</p>;
}

/** Another tab writes or removes `key`: storage changes there, this window gets a StorageEvent. */
function otherTab(key: string | null, newValue: string | null) {
  if (key === null) localStorage.clear();
  else if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  });
}

const who = () => screen.getByTestId('who').textContent;

describe('SessionProvider across tabs (SPEC §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    // The signed-in start verifies the stored session with the server.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ success: true, data: { user: alice } }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a login in another tab signs this tab in, and nothing here clears the storage meanwhile', () => {
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    expect(who()).toBe('signed out');
    // The other tab writes the token first: no user yet, which is no logout.
    otherTab(TOKEN_KEY, 'secret.hmac');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('secret.hmac');
    expect(who()).toBe('signed out');
    otherTab(USER_KEY, JSON.stringify(alice));
    expect(who()).toBe('alice');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('secret.hmac');
    expect(localStorage.getItem(USER_KEY)).toBe(JSON.stringify(alice));
  });

  it('a logout in another tab (token removed) signs this tab out', async () => {
    localStorage.setItem(TOKEN_KEY, 'secret.hmac');
    localStorage.setItem(USER_KEY, JSON.stringify(alice));
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    await act(() => Promise.resolve());
    expect(who()).toBe('alice');
    otherTab(TOKEN_KEY, null);
    expect(who()).toBe('signed out');
  });

  it('localStorage.clear() in another tab signs this tab out', async () => {
    localStorage.setItem(TOKEN_KEY, 'secret.hmac');
    localStorage.setItem(USER_KEY, JSON.stringify(alice));
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    await act(() => Promise.resolve());
    otherTab(null, null);
    expect(who()).toBe('signed out');
  });

  it('another tab signing in as someone else switches this tab to that user', async () => {
    localStorage.setItem(TOKEN_KEY, 'secret.hmac');
    localStorage.setItem(USER_KEY, JSON.stringify(alice));
    render(
      <SessionProvider>
        <WhoAmI />
      </SessionProvider>,
    );
    await act(() => Promise.resolve());
    otherTab(TOKEN_KEY, 'other.hmac');
    otherTab(USER_KEY, JSON.stringify({ id: 4, username: 'bob', role: 'user' }));
    expect(who()).toBe('bob');
  });
});
