import { describe, expect, it, vi } from 'vitest';
import type { LoginTokenResponse } from '@rampart/contracts';
import { clearSession, readSessionValue, readToken, writeSession } from '../../lib/session/session-storage';
import { createTokenProvider } from './token-refresh';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const renewed: LoginTokenResponse = {
  userGuid: '00000000-0000-4000-8000-000000000001',
  email: 'a@b.co',
  token: 'new-login-token',
  tokenType: 'Bearer',
  expiresAt: '2026-01-01T12:15:00.000Z',
  expiresIn: 900,
  loginMethod: 'EMAIL_OTP',
};

function provider() {
  const refresh = vi.fn(async () => ({ idToken: 'id-token', refreshToken: 'rotated' }));
  const exchange = vi.fn(async () => renewed);
  return { refresh, exchange, getToken: createTokenProvider({ refresh, exchange, now: () => NOW }) };
}

describe('login token refresh before a call', () => {
  it('sends the token as is while it has more than 2 minutes left', async () => {
    writeSession({ token: 'old', expiresAt: '2026-01-01T12:05:00Z', refreshToken: 'r' });
    const { getToken, refresh } = provider();
    await expect(getToken()).resolves.toBe('old');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('renews it within 2 minutes of expiry, once for concurrent calls, and stores the reply key by key', async () => {
    writeSession({ token: 'old', expiresAt: '2026-01-01T12:01:30Z', refreshToken: 'r' });
    const { getToken, refresh, exchange } = provider();
    const tokens = await Promise.all([getToken(), getToken()]);
    expect(tokens).toEqual(['new-login-token', 'new-login-token']);
    expect(refresh).toHaveBeenCalledOnce();
    expect(refresh).toHaveBeenCalledWith('r');
    expect(exchange).toHaveBeenCalledWith('id-token');
    expect(readToken()).toBe('new-login-token');
    expect(readSessionValue('expiresAt')).toBe(renewed.expiresAt);
    expect(readSessionValue('userGuid')).toBe(renewed.userGuid);
  });

  it('stores the refresh token the reply rotated to, and the next refresh sends it (decision 050)', async () => {
    writeSession({ token: 'old', expiresAt: '2026-01-01T12:01:30Z', refreshToken: 'r' });
    const { getToken, refresh } = provider();
    await expect(getToken()).resolves.toBe('new-login-token');
    expect(readSessionValue('refreshToken')).toBe('rotated');
    writeSession({ expiresAt: '2026-01-01T12:01:00Z' });
    refresh.mockResolvedValueOnce({ idToken: 'id-token-2', refreshToken: 'rotated-again' });
    await getToken();
    expect(refresh).toHaveBeenLastCalledWith('rotated');
    expect(readSessionValue('refreshToken')).toBe('rotated-again');
  });

  it('keeps the old token when the refresh is refused, and sends nothing without a session', async () => {
    const { getToken, refresh } = provider();
    await expect(getToken()).resolves.toBeNull();
    writeSession({ token: 'old', expiresAt: '2026-01-01T11:59:00Z', refreshToken: 'r' });
    refresh.mockRejectedValueOnce(new Error('Refresh Token has been revoked'));
    await expect(getToken()).resolves.toBe('old');
  });

  it('stores a reply without an expiry with the fallback lifetime of 60 s (R11), so the token is renewed, not sent forever', async () => {
    writeSession({ token: 'old', expiresAt: '2026-01-01T12:01:30Z', refreshToken: 'r' });
    const { getToken, refresh, exchange } = provider();
    const { expiresAt: _at, expiresIn: _in, ...noExpiry } = renewed;
    exchange.mockResolvedValueOnce(noExpiry as LoginTokenResponse);
    await expect(getToken()).resolves.toBe('new-login-token');
    expect(readSessionValue('expiresAt')).toBe('2026-01-01T12:01:00.000Z');
    expect(readSessionValue('expiresIn')).toBe('60');
    // 60 s is inside the 2-minute threshold: the next call renews it (the server's reply carries its expiry again).
    await expect(getToken()).resolves.toBe('new-login-token');
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(readSessionValue('expiresAt')).toBe(renewed.expiresAt);
  });

  it('renews a stored session that has no expiry at all instead of sending its token forever', async () => {
    clearSession();
    writeSession({ token: 'old', refreshToken: 'r' });
    const { getToken, refresh } = provider();
    await expect(getToken()).resolves.toBe('new-login-token');
    expect(refresh).toHaveBeenCalledOnce();
  });
});
