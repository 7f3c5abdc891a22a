import { createStore, useStoreState } from '../../lib/store';
import { readStoredWalletAccount, storeWalletAccount, type WalletLaunch } from './wallet-launch';
import type { WalletAdapterOptions, WalletProvider } from './wallet-provider';

export type WalletState =
  | { mode: 'off' }
  | { mode: 'starting'; launch: WalletLaunch }
  | { mode: 'ready'; launch: WalletLaunch; kind: WalletProvider['kind']; account: string | null }
  /** The SDK could not load or start: the app goes on as a normal web app, links open in new tabs. */
  | { mode: 'failed'; launch: WalletLaunch };

export const walletStore = createStore<{ state: WalletState }>({ state: { mode: 'off' } });
let provider: WalletProvider | null = null;

export type WalletAdapterLoader = (options: WalletAdapterOptions) => Promise<WalletProvider>;

/** The adapters, each in a chunk of its own: nothing of them is downloaded outside the wallet mode. */
export const walletAdapters: Record<'xumm' | 'emulator', WalletAdapterLoader> = {
  xumm: async (options) => (await import('./xumm-adapter')).createXummWallet(options),
  emulator: async (options) => (await import('./emulator-adapter')).createEmulatedWallet(options),
};

export interface WalletDeployment {
  /** Sandbox deployments (and development builds) may emulate the wallet; production never does. */
  allowEmulator: boolean;
  apiKey: string | null;
}

/**
 * Starts the wallet mode for a launch: loads the adapter, reads the wallet's account (stored locally for the next
 * visit; until it answers, the stored one is shown), and tells the wallet the app is ready.
 */
export async function startWallet(launch: WalletLaunch, deployment: WalletDeployment, adapters = walletAdapters): Promise<void> {
  const current = walletStore.getState().state;
  if (current.mode !== 'off') return;
  walletStore.setState({ state: { mode: 'starting', launch } });
  const emulate = launch.emulate && deployment.allowEmulator;
  try {
    const wallet = await (emulate ? adapters.emulator : adapters.xumm)({ token: launch.token, apiKey: deployment.apiKey, emulatedAccount: launch.emulatedAccount });
    // The address rules load with the adapter, not with every page (the /auth entry stays small).
    const { checkedXrplAccount: checkedAccount } = await import('./account-check');
    provider = wallet;
    const stored = checkedAccount(readStoredWalletAccount());
    walletStore.setState({ state: { mode: 'ready', launch, kind: wallet.kind, account: stored } });
    wallet.ready();
    const account = checkedAccount(await wallet.account().catch(() => null));
    if (account) storeWalletAccount(account);
    walletStore.setState({ state: { mode: 'ready', launch, kind: wallet.kind, account: account ?? stored } });
  } catch {
    provider = null;
    walletStore.setState({ state: { mode: 'failed', launch } });
  }
}

/**
 * Opens an outside link (support, the bank link, a tracking page) through the wallet's browser when the app runs in
 * the wallet; answers false otherwise, and the caller opens it the normal way (a new tab).
 */
export function openInWallet(url: string): boolean {
  if (!provider || walletStore.getState().state.mode !== 'ready') return false;
  const absolute = new URL(url, window.location.href).href;
  void provider.openBrowser(absolute).catch(() => window.open(absolute, '_blank', 'noopener,noreferrer'));
  return true;
}

export function useWalletState(): WalletState {
  return useStoreState(walletStore).state;
}

/** The wallet's account, when the app runs in the wallet and the wallet named a valid one. */
export function useWalletAccount(): string | null {
  const state = useWalletState();
  return state.mode === 'ready' ? state.account : null;
}

/** Tests start from the normal web app. */
export function resetWallet(): void {
  provider = null;
  walletStore.setState({ state: { mode: 'off' } });
}
