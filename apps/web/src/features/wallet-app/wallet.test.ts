import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMULATED_ACCOUNT } from './emulator-adapter';
import { openInWallet, resetWallet, startWallet, walletStore } from './wallet';
import {
  applyWalletTheme,
  readStoredWalletAccount,
  readWalletLaunch,
  WALLET_ACCOUNT_KEY,
} from '../../lib/session/wallet-launch';

const TOKEN = '3c2b1f0e-9d8c-4b7a-a6f5-e4d3c2b1a098';
const OTHER_ACCOUNT = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetWallet();
  delete window.__rampartWalletEmulator;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the wallet launch (issue 7)', () => {
  it('is on only with the wallet token in the address, and lasts for the tab', () => {
    expect(readWalletLaunch('')).toBeNull();
    expect(readWalletLaunch('?xAppStyle=DARK')).toBeNull();
    expect(readWalletLaunch(`?xAppToken=${TOKEN}&xAppStyle=moonlight`)).toEqual({
      token: TOKEN,
      style: 'MOONLIGHT',
      emulate: false,
      emulatedAccount: null,
    });
    // The router drops the query on the next page: the tab remembers.
    expect(readWalletLaunch('')).toMatchObject({ token: TOKEN, style: 'MOONLIGHT' });
  });

  it('refuses a token or account of the wrong shape, and an unknown style', () => {
    expect(readWalletLaunch('?xAppToken=%3Cscript%3E')).toBeNull();
    expect(
      readWalletLaunch(`?xAppToken=${TOKEN}&xAppStyle=NEON&xAppEmulator=1&xAppAccount=not%20an%20account`),
    ).toEqual({
      token: TOKEN,
      style: null,
      emulate: true,
      emulatedAccount: null,
    });
  });

  it("follows the wallet's style: light for LIGHT, dark for the dark styles, the system's without one", () => {
    const root = document.createElement('html');
    applyWalletTheme('LIGHT', root);
    expect(root.dataset.theme).toBe('light');
    applyWalletTheme('ROYAL', root);
    expect(root.dataset.theme).toBe('dark');
    applyWalletTheme(null, root);
    expect(root.dataset.theme).toBeUndefined();
  });
});

describe('the wallet mode', () => {
  const launch = (extra = '') => readWalletLaunch(`?xAppToken=${TOKEN}&xAppEmulator=1${extra}`)!;

  it("reads the emulated wallet's account, keeps it locally, and opens outside links in the wallet's browser", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await startWallet(launch(), { allowEmulator: true, apiKey: null });
    expect(walletStore.getState().state).toMatchObject({ mode: 'ready', kind: 'emulator', account: EMULATED_ACCOUNT });
    expect(localStorage.getItem(WALLET_ACCOUNT_KEY)).toBe(EMULATED_ACCOUNT);
    expect(window.__rampartWalletEmulator?.ready).toBe(true);

    expect(openInWallet('/trade/track?tracking_id=abc')).toBe(true);
    expect(window.__rampartWalletEmulator?.opened).toEqual([`${window.location.origin}/trade/track?tracking_id=abc`]);
    expect(open).toHaveBeenCalledWith(
      `${window.location.origin}/trade/track?tracking_id=abc`,
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('uses the account the tester names, when it passes the XRPL address rules', async () => {
    await startWallet(launch(`&xAppAccount=${OTHER_ACCOUNT}`), { allowEmulator: true, apiKey: null });
    expect(walletStore.getState().state).toMatchObject({ account: OTHER_ACCOUNT });
  });

  it('ignores an account that fails the address rules (a bad checksum), keeping none', async () => {
    // One letter changed: the right shape, the wrong checksum.
    await startWallet(launch('&xAppAccount=rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi'), { allowEmulator: true, apiKey: null });
    expect(walletStore.getState().state).toMatchObject({ mode: 'ready', account: null });
    expect(readStoredWalletAccount()).toBeNull();
  });

  it('never emulates where the deployment does not allow it: the real SDK is asked for, and without its key the app stays a web app', async () => {
    await startWallet(launch(), { allowEmulator: false, apiKey: null });
    expect(walletStore.getState().state.mode).toBe('failed');
    expect(window.__rampartWalletEmulator).toBeUndefined();
    expect(openInWallet('https://support.rampart.example')).toBe(false);
  });

  it('is off without a launch: outside links open the normal way', () => {
    expect(openInWallet('https://support.rampart.example')).toBe(false);
  });
});
