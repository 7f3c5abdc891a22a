import { describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store';
import { clearSession, readToken, SESSION_KEYS, writeSession } from './session-storage';

describe('auth store', () => {
  it('without a token: checked, not logged in, no call to the API', async () => {
    const authcheck = vi.fn();
    const store = createAuthStore({ authcheck, readToken: () => null });
    await store.checkSession();
    expect(store.getState()).toMatchObject({ authChecked: true, loggedIn: false, loading: false });
    expect(authcheck).not.toHaveBeenCalled();
  });

  it('with a valid token: logged in', async () => {
    const store = createAuthStore({ authcheck: async () => true, readToken: () => 't' });
    const pending = store.checkSession();
    expect(store.getState().loading).toBe(true);
    await pending;
    expect(store.getState()).toMatchObject({ authChecked: true, loggedIn: true, loading: false });
  });

  it('with an invalid token: signs out and clears the stored session', async () => {
    const clear = vi.fn();
    const store = createAuthStore({ authcheck: async () => false, readToken: () => 't', clearSession: clear });
    await store.checkSession();
    expect(clear).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ authChecked: true, loggedIn: false });
  });

  it('when the API cannot answer: not logged in, but the token is kept for a reload', async () => {
    const clear = vi.fn();
    const store = createAuthStore({
      authcheck: async () => Promise.reject(new Error('offline')),
      readToken: () => 't',
      clearSession: clear,
    });
    await store.checkSession();
    expect(clear).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ authChecked: true, loggedIn: false, loading: false });
  });

  it('setting logged in resets the 2FA type; sign-out resets everything', () => {
    const store = createAuthStore({ authcheck: vi.fn(), clearSession: vi.fn() });
    store.setAuth2FAType('EMAIL_OTP');
    store.setLoggedIn({ userGuid: 'u1', email: 'a@b.c' });
    expect(store.getState()).toMatchObject({ loggedIn: true, auth2FAType: null, userInfo: { userGuid: 'u1' } });
    store.setAccountFrozen(true);
    store.signOut();
    expect(store.getState()).toMatchObject({
      loggedIn: false,
      userInfo: null,
      accountFrozen: false,
      authChecked: true,
    });
  });

  it('notifies subscribers only on change', () => {
    const store = createAuthStore({ authcheck: vi.fn() });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setAccountFrozen(false);
    expect(listener).not.toHaveBeenCalled();
    store.setAccountFrozen(true);
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('session storage', () => {
  it('reads the token and clears every session key', () => {
    writeSession({ token: 'abc', userGuid: 'g' });
    expect(readToken()).toBe('abc');
    clearSession();
    expect(readToken()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.userGuid)).toBeNull();
  });
});
