import { describe, expect, it, vi } from 'vitest';
import { createKycStore, kycLevelFromState, kycLevelFromStatus, type KycDetails } from './kyc-store';

describe('KYC store', () => {
  it('waits, then loads the status and marks the request a success', async () => {
    vi.useFakeTimers();
    try {
      const getAccount = vi.fn(async () => ({ status: 'pending' as const }));
      const store = createKycStore({ getAccount });
      const loading = store.load();
      expect(store.getState().requestStatus).toBe('started');
      await vi.advanceTimersByTimeAsync(199);
      expect(getAccount).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await loading;
      expect(store.getState()).toEqual({
        requestStatus: 'success',
        kycStatus: 'pending',
        contactChecks: null,
        availableUsd: null,
        statusKnown: true,
      });
      expect(kycLevelFromState(store.getState())).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('defaults the status to noInfo', async () => {
    const store = createKycStore({ getAccount: async () => ({}), delayMs: 0 });
    await store.load();
    expect(store.getState()).toEqual({
      requestStatus: 'success',
      kycStatus: 'noInfo',
      contactChecks: null,
      availableUsd: null,
      statusKnown: true,
    });
  });

  it('does not load again once started or succeeded', async () => {
    const getAccount = vi.fn(async () => ({ status: 'opened' as const }));
    const store = createKycStore({ getAccount, delayMs: 0 });
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(getAccount).toHaveBeenCalledOnce();
  });

  it('loads the contact checks with a Submitted or Verified status only', async () => {
    const loadDetails = vi.fn(async () => ({
      contactChecks: { identity: 'passed' as const, documents: 'pending' as const },
    }));
    const pending = createKycStore({
      getAccount: async () => ({ status: 'pending' as const }),
      loadDetails,
      delayMs: 0,
    });
    await pending.load();
    expect(pending.getState().contactChecks).toEqual({ identity: 'passed', documents: 'pending' });
    const incomplete = createKycStore({
      getAccount: async () => ({ status: 'incomplete' as const }),
      loadDetails,
      delayMs: 0,
    });
    await incomplete.load();
    expect(incomplete.getState().contactChecks).toBeNull();
    expect(loadDetails).toHaveBeenCalledOnce();
  });

  it('marks any failure, including the details seam', async () => {
    const store = createKycStore({ getAccount: async () => Promise.reject(new Error('x')), delayMs: 0 });
    await store.load();
    expect(store.getState().requestStatus).toBe('failure');
    const withDetails = createKycStore({
      getAccount: async () => ({ status: 'opened' as const }),
      loadDetails: async () => Promise.reject(new Error('holdings')),
      delayMs: 0,
    });
    await withDetails.load();
    expect(withDetails.getState().requestStatus).toBe('failure');
  });

  it('clear resets to defaults and ignores a load still in flight', async () => {
    let resolve: (v: { status: 'opened' }) => void = () => {};
    const store = createKycStore({ getAccount: () => new Promise((r) => (resolve = r)), delayMs: 0 });
    const loading = store.load();
    await new Promise((r) => setTimeout(r, 5));
    store.clear();
    resolve({ status: 'opened' });
    await loading;
    expect(store.getState()).toEqual({
      requestStatus: 'not_started',
      kycStatus: 'noInfo',
      contactChecks: null,
      availableUsd: null,
      statusKnown: false,
    });
  });

  it('polls without showing a load, and keeps what is known when a check fails', async () => {
    let reply: Promise<{ status: 'pending' | 'opened' }> = Promise.resolve({ status: 'pending' });
    const store = createKycStore({ getAccount: () => reply, delayMs: 0 });
    await store.load();
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().requestStatus));
    reply = Promise.resolve({ status: 'opened' });
    await store.poll();
    expect(store.getState()).toEqual({
      requestStatus: 'success',
      kycStatus: 'opened',
      contactChecks: null,
      availableUsd: null,
      statusKnown: true,
    });
    expect(seen).not.toContain('started');
    reply = Promise.reject(new Error('offline'));
    await store.poll();
    expect(store.getState()).toEqual({
      requestStatus: 'success',
      kycStatus: 'opened',
      contactChecks: null,
      availableUsd: null,
      statusKnown: true,
    });
    unsubscribe();
  });

  it('tells the status before the details arrive, and keeps it known if they fail (decision 043)', async () => {
    let answer: (details: KycDetails) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const store = createKycStore({
      getAccount: async () => ({ status: 'opened' as const }),
      loadDetails: () => new Promise<KycDetails>((resolve, reject) => ((answer = resolve), (fail = reject))),
      delayMs: 0,
    });
    const loading = store.load();
    expect(kycLevelFromStatus(store.getState())).toBeUndefined();
    await vi.waitFor(() => expect(store.getState().statusKnown).toBe(true));
    // The status is known, the request is not done: the guard's level is there, the full state's is not yet.
    expect(store.getState()).toMatchObject({ requestStatus: 'started', kycStatus: 'opened' });
    expect(kycLevelFromStatus(store.getState())).toBe(2);
    expect(kycLevelFromState(store.getState())).toBeUndefined();
    answer({ contactChecks: { identity: 'passed' }, availableUsd: '3.00' });
    await loading;
    expect(store.getState()).toEqual({
      requestStatus: 'success',
      kycStatus: 'opened',
      contactChecks: { identity: 'passed' },
      availableUsd: '3.00',
      statusKnown: true,
    });

    // A new load forgets the status until its own answer; a details failure marks the request failed, status kept.
    const again = store.refresh();
    expect(store.getState()).toMatchObject({ requestStatus: 'started', statusKnown: false });
    expect(kycLevelFromStatus(store.getState())).toBeUndefined();
    await vi.waitFor(() => expect(store.getState().statusKnown).toBe(true));
    fail(new Error('contact'));
    await again;
    expect(store.getState()).toMatchObject({ requestStatus: 'failure', kycStatus: 'opened', statusKnown: true });
    expect(kycLevelFromStatus(store.getState())).toBe(2);
  });

  it('closed and voided have no level (R1)', () => {
    expect(
      kycLevelFromState({
        requestStatus: 'success',
        kycStatus: 'closed',
        contactChecks: null,
        availableUsd: null,
        statusKnown: true,
      }),
    ).toBeNull();
    expect(
      kycLevelFromState({
        requestStatus: 'success',
        kycStatus: 'opened',
        contactChecks: null,
        availableUsd: null,
        statusKnown: true,
      }),
    ).toBe(2);
    expect(
      kycLevelFromState({
        requestStatus: 'started',
        kycStatus: 'opened',
        contactChecks: null,
        availableUsd: null,
        statusKnown: true,
      }),
    ).toBeUndefined();
    expect(
      kycLevelFromStatus({
        requestStatus: 'success',
        kycStatus: 'closed',
        contactChecks: null,
        availableUsd: null,
        statusKnown: true,
      }),
    ).toBeNull();
  });
  it('rechecks through the account refresh, quietly, and rejects when it fails, keeping what is known', async () => {
    const getAccount = vi.fn(async () => ({ status: 'pending' as const }));
    const refreshAccount = vi.fn(async () => ({ status: 'opened' as const }));
    const store = createKycStore(
      { getAccount, refreshAccount, delayMs: 0 },
      { requestStatus: 'success', kycStatus: 'pending', statusKnown: true },
    );
    const states: string[] = [];
    store.subscribe(() => states.push(store.getState().requestStatus));
    await expect(store.recheck()).resolves.toBe('opened');
    expect(store.getState()).toMatchObject({ requestStatus: 'success', kycStatus: 'opened' });
    expect(states).not.toContain('started');
    expect(getAccount).not.toHaveBeenCalled();
    refreshAccount.mockRejectedValueOnce(new Error('down'));
    await expect(store.recheck()).rejects.toThrow('down');
    expect(store.getState()).toMatchObject({ requestStatus: 'success', kycStatus: 'opened' });
    expect(refreshAccount).toHaveBeenCalledTimes(2);
  });
});
