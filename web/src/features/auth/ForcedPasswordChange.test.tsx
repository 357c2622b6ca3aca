import { MSG, type User } from '@app/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, getToken, TOKEN_KEY, USER_KEY } from '../../api/session';
import { RequireRole } from '../../app/guards';
import { SessionProvider } from './session-context';

const PRINTED = 'printed-At-first-start';
const root: User = { id: 1, username: 'root', role: 'admin' };

/** A fake API with the server's rules for this flow: the flag holds until a new, uncommon password is set. */
function fakeServer() {
  const state = { mustChange: true, password: PRINTED, calls: [] as string[] };
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    state.calls.push(url);
    if (url === '/api/auth/verify') {
      const user = state.mustChange ? { ...root, must_change_password: true } : root;
      return json(200, { success: true, data: { user } });
    }
    if (url === '/api/auth/change-password') {
      const body = JSON.parse(init?.body as string) as { current_password: string; new_password: string };
      if (body.current_password !== state.password)
        return json(400, { success: false, error: MSG.wrongCurrentPassword, code: 'VALIDATION_FAILED' });
      if (body.new_password === 'password123')
        return json(400, { success: false, error: MSG.passwordTooCommon, code: 'VALIDATION_FAILED' });
      state.password = body.new_password;
      state.mustChange = false;
      return json(200, { success: true, data: {}, message: MSG.passwordChanged });
    }
    return json(428, { success: false, error: MSG.passwordChangeRequired, code: 'PASSWORD_CHANGE_REQUIRED' });
  });
  return state;
}

function renderAdminRoute() {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/login" element={<p>Login screen</p>} />
          <Route
            path="/admin"
            element={
              <RequireRole role="admin">
                <p>Admin dashboard</p>
              </RequireRole>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('the forced password change (issue 14)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(TOKEN_KEY, 'secret.hmac');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...root, must_change_password: true }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows only the change screen, then the dashboard once a new password is set', async () => {
    const server = fakeServer();
    renderAdminRoute();
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(screen.queryByText('Admin dashboard')).toBeNull();

    fill(PRINTED, 'my-own-Root-pass');

    expect(await screen.findByText('Admin dashboard')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change your password' })).toBeNull();
    expect(getStoredUser()).toEqual(root);
    expect(getToken()).toBe('secret.hmac');
    expect(server.calls.filter((u) => u !== '/api/auth/verify')).toEqual(['/api/auth/change-password']);
  });

  it("shows the server's refusal and stays on the screen, still signed in", async () => {
    fakeServer();
    renderAdminRoute();
    await screen.findByRole('heading', { name: 'Change your password' });

    fill(PRINTED, 'password123');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordTooCommon);
    expect(screen.queryByText('Admin dashboard')).toBeNull();
    expect(getToken()).toBe('secret.hmac');
    expect(screen.getByLabelText<HTMLInputElement>('Current Password').value).toBe('');
  });

  it('checks the form before calling the server: a mismatched confirmation sends nothing', async () => {
    const server = fakeServer();
    renderAdminRoute();
    await screen.findByRole('heading', { name: 'Change your password' });
    const before = server.calls.length;

    fill(PRINTED, 'my-own-Root-pass', 'something-else');

    expect(screen.getByRole('alert').textContent).toBe('New Password and Confirm New Password do not match');
    expect(server.calls.length).toBe(before);
  });

  it('a user without the flag goes straight to the dashboard', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(root));
    const server = fakeServer();
    server.mustChange = false;
    renderAdminRoute();
    expect(await screen.findByText('Admin dashboard')).toBeTruthy();
    await waitFor(() => expect(server.calls).toContain('/api/auth/verify'));
    expect(screen.queryByRole('heading', { name: 'Change your password' })).toBeNull();
  });
});
