import type { BankAccount } from '@rampart/contracts';
import { createApiClient, isApiError } from '../../lib/api';
import { redeemBankLinkHandoff } from './api/bank-link-handoff';

const ACCESS_KEY = 'rampart.bankLinkAccess';

/** What a redeemed bank-link handoff grants the wallet's browser (decision 034). */
export interface StoredAccess {
  accessToken: string;
  expiresAt: string;
  email: string;
  /** The bank to log in to again; null when the link adds a new bank. */
  reauth: BankAccount | null;
}

/** The access this tab redeemed, while it lasts. */
export function readAccess(): StoredAccess | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ACCESS_KEY) ?? 'null') as StoredAccess | null;
    return stored && typeof stored.accessToken === 'string' && Date.parse(stored.expiresAt) > Date.now()
      ? { ...stored, reauth: stored.reauth ?? null }
      : null;
  } catch {
    return null;
  }
}

export function saveAccess(access: StoredAccess | null): void {
  try {
    if (access) sessionStorage.setItem(ACCESS_KEY, JSON.stringify(access));
    else sessionStorage.removeItem(ACCESS_KEY);
  } catch {
    // Without storage a reload asks for a new link; the link itself still works.
  }
}

/** One redeem per link for the page's lifetime: the link is single use (a remount must share the first answer). */
const redeems = new Map<string, Promise<StoredAccess>>();

export function redeemOnce(token: string): Promise<StoredAccess> {
  let pending = redeems.get(token);
  if (!pending) {
    pending = redeemBankLinkHandoff(createApiClient({ baseUrl: '/api' }), token);
    redeems.set(token, pending);
    pending.catch((error: unknown) => {
      if (isApiError(error) && error.kind === 'connection') redeems.delete(token);
    });
  }
  return pending;
}

/** Tests start each page with a clean slate. */
export function forgetRedeems(): void {
  redeems.clear();
  saveAccess(null);
}
