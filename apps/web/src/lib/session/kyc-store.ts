import { createContext, createElement, useContext, type ReactNode } from 'react';
import {
  CLIENT_CONSTANTS,
  kycLevelOf,
  type AccountStatus,
  type KycCheckName,
  type KycCheckStatus,
  type KycLevel,
} from '@rampart/contracts';
import { createStore, useStoreState } from '../store';

/** KYC request status of document 1, section 4 ("cancelled" also exists). */
export const KYC_REQUEST_STATUSES = ['not_started', 'started', 'success', 'failure', 'cancelled'] as const;
export type KycRequestStatus = (typeof KYC_REQUEST_STATUSES)[number];

/** The detailed KYC status of /primetrust-contact: each custodian check pending, passed or failed. */
export type KycContactChecks = Partial<Record<KycCheckName, KycCheckStatus>>;

export interface KycState {
  requestStatus: KycRequestStatus;
  /** Account status from /primetrust/account/get; noInfo until it is known (document 1, section 4). */
  kycStatus: AccountStatus;
  /** Loaded with the status when it is Submitted or Verified (document 1, section 4); null otherwise. */
  contactChecks: KycContactChecks | null;
  /** The USD available balance of /primetrust-accounts-view, kept only if the reply has it (document 1, section 4). */
  availableUsd: string | null;
  /**
   * The account status of the last load is known (`kycStatus`), though its details may still be loading (decision
   * 043): the trade routes' guard decides on the status alone. False until then and again from the start of a load.
   */
  statusKnown: boolean;
}

export const INITIAL_KYC_STATE: KycState = {
  requestStatus: 'not_started',
  kycStatus: 'noInfo',
  contactChecks: null,
  availableUsd: null,
  statusKnown: false,
};

/** What is loaded besides the status for a Submitted or Verified account. */
export interface KycDetails {
  contactChecks: KycContactChecks | null;
  availableUsd?: string | null;
}

export interface KycDeps {
  /** POST /primetrust/account/get */
  getAccount(): Promise<{ status?: AccountStatus | null }>;
  /**
   * POST /primetrust-account-refresh: asks the custodian again and answers the status as it stands. Never retried
   * (R16). Without it, a recheck reads the status with getAccount.
   */
  refreshAccount?(): Promise<{ status?: AccountStatus | null }>;
  /**
   * When the status is Submitted or Verified, document 1 also loads the detailed contact status
   * (/primetrust-contact) and the account holdings (/primetrust-accounts-view). A
   * failure here marks the whole request failed, as the original did.
   */
  loadDetails?(status: AccountStatus): Promise<KycDetails>;
  delayMs?: number;
}

export interface KycStore {
  getState(): KycState;
  subscribe(listener: () => void): () => void;
  /** Loads the account status unless a load is running or already succeeded. */
  load(): Promise<void>;
  /** Forces a new load (after a sandbox action or a signature): the state shows it is loading. */
  refresh(): Promise<void>;
  /**
   * Checks the status again without showing a load (the waiting screen's check every 30 s): the state changes only
   * when the answer arrives, and a failed check keeps what is known.
   */
  poll(): Promise<void>;
  /**
   * Asks the custodian to look at the account again (the sandbox after each action, 'Check again' on the review
   * screens; docs/decisions/063), quietly like a poll, and gives the status it answers. Rejects when the call fails,
   * so the screen that asked can say so; the state keeps what is known.
   */
  recheck(): Promise<AccountStatus>;
  /** Back to defaults (on sign-out). A load in flight is ignored when it lands. */
  clear(): void;
}

export function createKycStore(deps: KycDeps, initial: Partial<KycState> = {}): KycStore {
  const store = createStore<KycState>({ ...INITIAL_KYC_STATE, ...initial });
  const delayMs = deps.delayMs ?? CLIENT_CONSTANTS.kycLoadDelayMs;
  let generation = 0;

  const run = async (quiet = false, fetchAccount = deps.getAccount, rethrow = false): Promise<AccountStatus | null> => {
    const mine = ++generation;
    if (!quiet) {
      store.setState({ requestStatus: 'started', statusKnown: false });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    if (mine !== generation) return null;
    try {
      const account = await fetchAccount();
      if (mine !== generation) return account.status ?? 'noInfo';
      const kycStatus = account.status ?? 'noInfo';
      const level = kycLevelOf(kycStatus);
      const loadDetails = level !== null && level >= 1 ? deps.loadDetails : undefined;
      // The status is told as soon as it is known (not on a quiet check, which changes the state only once it is done),
      // so the trade routes' guard does not wait for the details' round trip (decision 043).
      if (loadDetails && !quiet) store.setState({ kycStatus, statusKnown: true });
      const details = loadDetails ? await loadDetails(kycStatus) : null;
      if (mine !== generation) return kycStatus;
      store.setState({
        kycStatus,
        statusKnown: true,
        requestStatus: 'success',
        contactChecks: details?.contactChecks ?? null,
        availableUsd: details?.availableUsd ?? null,
      });
      return kycStatus;
    } catch (error) {
      if (rethrow) throw error;
      if (mine !== generation || quiet) return null;
      store.setState({ requestStatus: 'failure' });
      return null;
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async load() {
      const { requestStatus } = store.getState();
      if (requestStatus === 'started' || requestStatus === 'success') return;
      await run();
    },
    async refresh() {
      await run();
    },
    async poll() {
      await run(true);
    },
    async recheck() {
      const status = await run(true, deps.refreshAccount ?? deps.getAccount, true);
      return status ?? store.getState().kycStatus;
    },
    clear() {
      generation++;
      store.setState(INITIAL_KYC_STATE);
    },
  };
}

/** The user's KYC level (R1), or null for closed/voided; undefined while it is not known. */
export function kycLevelFromState(state: KycState): KycLevel | null | undefined {
  if (state.requestStatus !== 'success') return undefined;
  return kycLevelOf(state.kycStatus);
}

/**
 * The level as soon as the account status is known, before the details that follow it have loaded (and kept if they
 * then fail): what the trade routes' guard decides on (decision 043). Undefined while the status is not known.
 */
export function kycLevelFromStatus(state: KycState): KycLevel | null | undefined {
  if (state.requestStatus !== 'success' && !state.statusKnown) return undefined;
  return kycLevelOf(state.kycStatus);
}

const KycStoreContext = createContext<KycStore | null>(null);

export function KycStoreProvider({ store, children }: { store: KycStore; children: ReactNode }) {
  return createElement(KycStoreContext.Provider, { value: store }, children);
}

export function useKycStore(): KycStore {
  const store = useContext(KycStoreContext);
  if (!store) throw new Error('useKycStore must be used inside <KycStoreProvider>');
  return store;
}

export function useKycState(): KycState {
  return useStoreState(useKycStore());
}
