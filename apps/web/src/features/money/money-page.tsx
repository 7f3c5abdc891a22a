import { ArrowDownToLine, ArrowUpFromLine, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlags } from '../../lib/config';
import { LinkButton } from '../../components/ui/link-button';
import { PageTitle } from '../../components/ui/page-title';
import { AddAssets } from './components/add-assets';
import { BalanceSummary } from './components/balance-summary';
import { TransferHistory } from './components/transfer-history';
import { ACTIVITY_PATH, DEPOSIT_PATH, WITHDRAW_ASSET_PATH, WITHDRAW_PATH } from './paths';

/**
 * /money: the USD balance and assets, deposit and withdraw, and the transfer history (decision 020); with the
 * "assets addition" flag on, a deposit address per asset to add assets to the holdings (docs/feature-flags.md).
 */
export function MoneyPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const flags = useFeatureFlags();
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-1">
        <PageTitle>{t('title')}</PageTitle>
        <p className="text-base text-ink-muted">{t('intro')}</p>
      </header>
      <BalanceSummary />
      <div className="grid grid-cols-2 gap-3">
        <LinkButton to={DEPOSIT_PATH} fullWidth>
          <ArrowDownToLine size={18} aria-hidden="true" />
          {t('actions.deposit')}
        </LinkButton>
        <LinkButton to={WITHDRAW_PATH} variant="secondary" fullWidth>
          <ArrowUpFromLine size={18} aria-hidden="true" />
          {t('actions.withdraw')}
        </LinkButton>
      </div>
      <LinkButton to={WITHDRAW_ASSET_PATH} variant="secondary" fullWidth>
        <Send size={18} aria-hidden="true" />
        {t('actions.withdrawAsset')}
      </LinkButton>
      {flags.assetsAddition ? <AddAssets /> : null}
      <LinkButton to={ACTIVITY_PATH} variant="secondary" fullWidth>
        {t('activity.link')}
      </LinkButton>
      <TransferHistory />
    </div>
  );
}
