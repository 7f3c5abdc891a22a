import { useTranslation } from 'react-i18next';
import { AssetWithdrawalDone, AssetWithdrawals } from './components/asset-withdrawals';
import { AssetWithdrawFields } from './components/asset-withdraw-fields';
import { AssetWithdrawVerify } from './components/asset-withdraw-verify';
import { PageHeader } from './components/page-header';
import { ASSET_WITHDRAW_FOCUS, useWithdrawAssetForm } from './use-withdraw-asset-form';

/**
 * /money/withdraw-asset (R14, decision 032): a held asset sent to an external address on one of its networks, with
 * the memo or destination tag where the network uses one; sent by the next banking day (cold storage). Below, the
 * withdrawals made, with their status and transaction hash. Decision 054: the request is confirmed with the user's
 * second factor (the authenticator's code, or one emailed or texted by the challenge), then by the link its email
 * carries; nothing is sent before that.
 */
export function WithdrawAssetPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const form = useWithdrawAssetForm();
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={t('assetWithdraw.title')}
        intro={t('assetWithdraw.intro')}
        headingId={ASSET_WITHDRAW_FOCUS.page}
      />
      {form.done ? <AssetWithdrawalDone done={form.done} /> : null}
      {form.verifying ? (
        <AssetWithdrawVerify form={form} verifying={form.verifying} />
      ) : form.nothingHeld ? (
        <p className="text-base text-ink-muted" data-testid="asset-withdraw-none">
          {t('assetWithdraw.nothingHeld')}
        </p>
      ) : (
        <AssetWithdrawFields form={form} />
      )}
      <AssetWithdrawals withdrawals={form.withdrawals} />
    </div>
  );
}
