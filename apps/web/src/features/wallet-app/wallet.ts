import { readStoredWalletAccount, storeWalletAccount, type WalletLaunch } from '../../lib/session/wallet-launch';
import type { WalletAdapterOptions, WalletProvider } from '../../lib/session/wallet-provider';
import { setWalletProvider, walletStore } from '../../lib/session/wallet-state';

export {
  openInWallet,
  resetWallet,
  useWalletAccount,
  useWalletState,
  walletStore,
  type WalletState,
} from '../../lib/session/wallet-state';

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
export async function startWallet(
  launch: WalletLaunch,
  deployment: WalletDeployment,
  adapters = walletAdapters,
): Promise<void> {
  const current = walletStore.getState().state;
  if (current.mode !== 'off') return;
  walletStore.setState({ state: { mode: 'starting', launch } });
  const emulate = launch.emulate && deployment.allowEmulator;
  try {
    const wallet = await (emulate ? adapters.emulator : adapters.xumm)({
      token: launch.token,
      apiKey: deployment.apiKey,
      emulatedAccount: launch.emulatedAccount,
    });
    // The address rules load with the adapter, not with every page (the /auth entry stays small).
    const { checkedXrplAccount: checkedAccount } = await import('./account-check');
    setWalletProvider(wallet);
    const stored = checkedAccount(readStoredWalletAccount());
    walletStore.setState({ state: { mode: 'ready', launch, kind: wallet.kind, account: stored } });
    wallet.ready();
    const account = checkedAccount(await wallet.account().catch(() => null));
    if (account) storeWalletAccount(account);
    walletStore.setState({ state: { mode: 'ready', launch, kind: wallet.kind, account: account ?? stored } });
  } catch {
    setWalletProvider(null);
    walletStore.setState({ state: { mode: 'failed', launch } });
  }
}
