import { createStore, useStoreState } from '../store';
import type { WalletLaunch } from './wallet-launch';
import type { WalletProvider } from './wallet-provider';

/**
 * The wallet mode's state, small enough for the entry chunk: what the outside links, the buy page and the bank link
 * need to know. Starting the wallet (the adapters, the SDK) is in wallet.ts, loaded only in the mode.
 */
export type WalletState =
  | { mode: 'off' }
  | { mode: 'starting'; launch: WalletLaunch }
  | { mode: 'ready'; launch: WalletLaunch; kind: WalletProvider['kind']; account: string | null }
  /** The SDK could not load or start: the app goes on as a normal web app, links open in new tabs. */
  | { mode: 'failed'; launch: WalletLaunch };

export const walletStore = createStore<{ state: WalletState }>({ state: { mode: 'off' } });
let provider: WalletProvider | null = null;

export function setWalletProvider(wallet: WalletProvider | null): void {
  provider = wallet;
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
