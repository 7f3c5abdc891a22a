import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import type { ApiClient } from '../lib/api';
import { createSession } from './session';

function fakeApi(replies: Record<string, () => Promise<unknown>>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    request: (<T>(path: string) => {
      calls.push(path);
      const reply = replies[path];
      return (reply ? reply() : Promise.reject(new Error(`unexpected ${path}`))) as Promise<T>;
    }) as ApiClient['request'],
  };
}

describe('session wiring', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the session about 120 ms after start, then loads KYC 200 ms later', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = fakeApi({
      '/user/authcheck': async () => ({ valid: true }),
      '/primetrust/account/get': async () => ({ status: 'opened' }),
      '/primetrust-accounts-view': async () => ({ available: '12.50', settled: '12.50', held: '0.00', assets: [] }),
      '/primetrust-contact': async () => ({
        status: 'opened',
        checks: { identity: 'passed', documents: 'passed', address: 'passed', sanctions: 'passed', bogus: 'x' },
      }),
    });
    const session = createSession(api);
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(119);
    expect(api.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.auth.getState()).toMatchObject({ authChecked: true, loggedIn: true });
    expect(session.kyc.getState().requestStatus).toBe('started');
    await vi.advanceTimersByTimeAsync(200);
    expect(session.kyc.getState()).toEqual({
      requestStatus: 'success',
      kycStatus: 'opened',
      contactChecks: { identity: 'passed', documents: 'passed', address: 'passed', sanctions: 'passed' },
      availableUsd: '12.50',
      statusKnown: true,
    });
    session.auth.signOut();
    expect(session.kyc.getState().requestStatus).toBe('not_started');
    expect(window.localStorage.getItem('token')).toBeNull();
    stop();
  });

  it('a 401 on authcheck signs out', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = fakeApi({
      '/user/authcheck': async () =>
        Promise.reject(
          new ApiError({ message: 'no', type: 'authentication_error', kind: 'authentication', statusCode: 401 }),
        ),
    });
    const session = createSession(api);
    session.start();
    await vi.advanceTimersByTimeAsync(150);
    expect(session.auth.getState()).toMatchObject({ authChecked: true, loggedIn: false });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(api.calls).toEqual(['/user/authcheck']);
  });

  it('without a token it never calls the API', async () => {
    const api = fakeApi({});
    const session = createSession(api);
    session.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(api.calls).toEqual([]);
    expect(session.auth.getState()).toMatchObject({ authChecked: true, loggedIn: false });
  });
});
