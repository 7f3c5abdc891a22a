/**
 * Rampart as an XRPL wallet mini-app (document 1, section 1; decision 034). The wallet opens the app with its one-time
 * token (`xAppToken`) and its style (`xAppStyle`) in the query string; only then is this mode on. The launch is kept
 * for the tab (sessionStorage) because the router drops the query on the first navigation and a reload must stay in
 * the mode; the wallet account is kept locally (localStorage), as the specification says.
 */
export const WALLET_STYLES = ['LIGHT', 'DARK', 'MOONLIGHT', 'ROYAL'] as const;
export type WalletStyle = (typeof WALLET_STYLES)[number];

export interface WalletLaunch {
  /** The wallet's one-time token: the SDK reads who opened the mini-app with it. */
  token: string;
  style: WalletStyle | null;
  /** `xAppEmulator=1`: the development adapter stands in for the wallet (development and sandbox deployments only). */
  emulate: boolean;
  /** The emulated wallet's account (`xAppAccount`), when the tester picks one. */
  emulatedAccount: string | null;
}

const LAUNCH_KEY = 'rampart.walletApp';
export const WALLET_ACCOUNT_KEY = 'rampart.walletAccount';
/** The wallet's one-time tokens are UUIDs; anything of that shape is passed to the SDK, which has the last word. */
const TOKEN = /^[A-Za-z0-9-]{8,100}$/;
const ACCOUNT = /^[A-Za-z0-9]{20,60}$/;

function styleOf(value: string | null): WalletStyle | null {
  const upper = value?.toUpperCase() ?? '';
  return (WALLET_STYLES as readonly string[]).includes(upper) ? (upper as WalletStyle) : null;
}

function safeStorage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage refused (privacy settings): the mode works for this page only
  }
}

/** The launch in the address (saved for the tab), else the one saved earlier in this tab, else null. */
export function readWalletLaunch(search: string): WalletLaunch | null {
  const params = new URLSearchParams(search);
  const token = params.get('xAppToken');
  const storage = safeStorage('session');
  if (token !== null && TOKEN.test(token)) {
    const account = params.get('xAppAccount');
    const launch: WalletLaunch = {
      token,
      style: styleOf(params.get('xAppStyle')),
      emulate: params.get('xAppEmulator') === '1',
      emulatedAccount: account !== null && ACCOUNT.test(account) ? account : null,
    };
    storage?.setItem(LAUNCH_KEY, JSON.stringify(launch));
    return launch;
  }
  try {
    const saved = JSON.parse(storage?.getItem(LAUNCH_KEY) ?? 'null') as Partial<WalletLaunch> | null;
    if (!saved || typeof saved.token !== 'string' || !TOKEN.test(saved.token)) return null;
    return {
      token: saved.token,
      style: styleOf(typeof saved.style === 'string' ? saved.style : null),
      emulate: saved.emulate === true,
      emulatedAccount:
        typeof saved.emulatedAccount === 'string' && ACCOUNT.test(saved.emulatedAccount) ? saved.emulatedAccount : null,
    };
  } catch {
    return null;
  }
}

export function readStoredWalletAccount(): string | null {
  return safeStorage('local')?.getItem(WALLET_ACCOUNT_KEY) ?? null;
}

export function storeWalletAccount(account: string | null): void {
  const storage = safeStorage('local');
  if (account) storage?.setItem(WALLET_ACCOUNT_KEY, account);
  else storage?.removeItem(WALLET_ACCOUNT_KEY);
}

/** The wallet's style sets the theme: its light style light, its dark ones dark; without a style, the system's. */
export function applyWalletTheme(style: WalletStyle | null, root: HTMLElement = document.documentElement): void {
  if (style === null) delete root.dataset.theme;
  else root.dataset.theme = style === 'LIGHT' ? 'light' : 'dark';
}

let bootLaunch: WalletLaunch | null = null;

/** At start, before the first render: is the app opened by the wallet? Its style sets the theme at once. */
export function detectWalletLaunch(search: string): WalletLaunch | null {
  bootLaunch = readWalletLaunch(search);
  if (bootLaunch) applyWalletTheme(bootLaunch.style);
  return bootLaunch;
}

/** The launch found at start, for the layout to start the wallet mode (null outside it). */
export function walletLaunchAtBoot(): WalletLaunch | null {
  return bootLaunch;
}
