import type { WalletAdapterOptions, WalletProvider } from '../../lib/session/wallet-provider';

/** A valid XRPL classic address (checksum included) that the emulated wallet says it is signed in with. */
export const EMULATED_ACCOUNT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

/** What the emulated wallet did, for the tester (and the browser journeys) to see. */
export interface WalletEmulatorLog {
  opened: string[];
  ready: boolean;
}

declare global {
  interface Window {
    __rampartWalletEmulator?: WalletEmulatorLog;
  }
}

/**
 * The development adapter (decision 034): stands in for the wallet in a normal browser, so the mini-app mode can be
 * tried and tested without a phone. Its account is `xAppAccount` or a fixed valid address; its browser is a new tab.
 * Only offered in development builds and sandbox deployments (wallet.ts decides).
 */
export function createEmulatedWallet(options: WalletAdapterOptions, win: Window = window): WalletProvider {
  const log: WalletEmulatorLog = (win.__rampartWalletEmulator ??= { opened: [], ready: false });
  return {
    kind: 'emulator',
    account: () => Promise.resolve(options.emulatedAccount ?? EMULATED_ACCOUNT),
    openBrowser(url) {
      log.opened.push(url);
      win.open(url, '_blank', 'noopener,noreferrer');
      return Promise.resolve();
    },
    ready() {
      log.ready = true;
    },
  };
}
