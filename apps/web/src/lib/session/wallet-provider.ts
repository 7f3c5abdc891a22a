/** What Rampart needs of the wallet it runs in (decision 034): who is signed in to it, its browser, and its loader. */
export interface WalletProvider {
  readonly kind: 'xumm' | 'emulator';
  /** The account selected in the wallet (an XRPL classic address), or null when it gives none. */
  account(): Promise<string | null>;
  /** Opens an outside page in the wallet's own browser. */
  openBrowser(url: string): Promise<void>;
  /** Tells the wallet the mini-app has drawn its first screen (it hides its own loader). */
  ready(): void;
}

export interface WalletAdapterOptions {
  token: string;
  /** The wallet platform's public API key of this deployment (WALLET_APP_API_KEY). */
  apiKey: string | null;
  emulatedAccount: string | null;
}
