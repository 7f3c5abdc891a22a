import { Xumm } from 'xumm';
import type { WalletAdapterOptions, WalletProvider } from '../../lib/session/wallet-provider';

/**
 * The real wallet (Xaman, formerly Xumm) through its universal SDK. This module is only ever imported dynamically,
 * in the wallet mode, so the SDK sits in a chunk of its own. The SDK reads the one-time token from the address and
 * resolves it with the platform, which names the account the user opened the mini-app with.
 */
export function createXummWallet(options: WalletAdapterOptions): WalletProvider {
  if (!options.apiKey) throw new Error('The wallet mode needs the wallet platform API key (WALLET_APP_API_KEY)');
  const xumm = new Xumm(options.apiKey, options.token);
  return {
    kind: 'xumm',
    async account() {
      return (await xumm.user.account) ?? null;
    },
    async openBrowser(url) {
      if (!xumm.xapp) throw new Error('The wallet browser is not available');
      await xumm.xapp.openBrowser({ url });
    },
    ready() {
      void xumm.xapp?.ready();
    },
  };
}
