import { useEffect } from 'react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/config';
import { startWallet, useWalletState } from './wallet';
import type { WalletLaunch } from '../../lib/session/wallet-launch';

/**
 * Starts the wallet mode once the deployment's settings are in (the API key; whether the emulator is allowed), and
 * says so on screen when the wallet is only emulated, so nobody mistakes a test session for the real wallet.
 */
export function WalletBoot({ launch }: { launch: WalletLaunch }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const state = useWalletState();
  useEffect(() => {
    if (!config) return;
    void startWallet(launch, {
      allowEmulator: import.meta.env.DEV || config.sandbox,
      apiKey: config.walletAppApiKey ?? null,
    });
  }, [launch, config]);

  if (state.mode !== 'ready' || state.kind !== 'emulator') return null;
  return (
    <p
      data-testid="wallet-emulator"
      className="flex items-center justify-center gap-2 bg-primary-soft px-4 py-1.5 text-xs font-semibold text-primary-ink"
    >
      <Wallet size={14} aria-hidden="true" />
      {state.account ? t('walletApp.emulatedWith', { account: state.account }) : t('walletApp.emulated')}
    </p>
  );
}
