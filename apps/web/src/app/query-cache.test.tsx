import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../lib/api';
import { AppProviders, createQueryClient } from './providers';
import { createSession } from './session';

const CONFIG_KEY = ['config'];
const USER_KEY = ['identity', 'user'];
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function fakeApi(): ApiClient {
  return {
    request: (async (path: string) => {
      if (path === '/primetrust/account/get') return { status: 'noInfo' };
      throw new Error(`unexpected ${path}`);
    }) as ApiClient['request'],
  };
}

/** The app's providers around nothing: the wiring between the session and the query cache is what is tested. */
function mount() {
  const session = createSession(fakeApi());
  const client = createQueryClient();
  client.setQueryData(CONFIG_KEY, { version: '1', stage: 'development' });
  render(
    <AppProviders session={session} queryClient={client}>
      <div />
    </AppProviders>,
  );
  const signIn = (userGuid: string, email: string) =>
    act(() => {
      session.auth.setLoggedIn({ userGuid, email });
      client.setQueryData(USER_KEY, { userGuid, email });
      client.setQueryData(['kyc', 'details'], { owner: userGuid });
    });
  return { session, client, signIn };
}

describe('the query cache follows the signed-in user', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is cleared on sign-out, except the deployment config', () => {
    const { session, client, signIn } = mount();
    signIn(A, 'a@example.com');
    act(() => session.auth.signOut());
    expect(client.getQueryData(USER_KEY)).toBeUndefined();
    expect(client.getQueryData(['kyc', 'details'])).toBeUndefined();
    expect(client.getQueryData(CONFIG_KEY)).toEqual({ version: '1', stage: 'development' });
  });

  it('is cleared when another user signs in over the session, kept for the same user', () => {
    const { session, client, signIn } = mount();
    signIn(A, 'a@example.com');
    act(() => session.auth.setUserInfo({ userGuid: A, email: 'a@example.com' }));
    expect(client.getQueryData(USER_KEY)).toEqual({ userGuid: A, email: 'a@example.com' });
    act(() => session.auth.setLoggedIn({ userGuid: B, email: 'b@example.com' }));
    expect(client.getQueryData(USER_KEY)).toBeUndefined();
    expect(client.getQueryData(CONFIG_KEY)).toBeDefined();
  });

  it('drops what a page of the previous user cached after the sign-out once someone else signs in', () => {
    const { session, client, signIn } = mount();
    signIn(A, 'a@example.com');
    act(() => session.auth.signOut());
    // A page still mounted while signing out refilled the cache with the previous user's data.
    client.setQueryData(USER_KEY, { userGuid: A, email: 'a@example.com' });
    act(() => session.auth.setLoggedIn({ userGuid: B, email: 'b@example.com' }));
    expect(client.getQueryData(USER_KEY)).toBeUndefined();
  });
});
