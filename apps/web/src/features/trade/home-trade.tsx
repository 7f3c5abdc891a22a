import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { KYC_LEVELS } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { kycLevelFromState, useKycState } from '../../lib/session/kyc-store';
import { AssetPicker } from './components/asset-picker';
import { HeldAssets, RecentOrders } from './components/home-orders';
import { useQuickTradeForm, type QuickSide } from './use-home-trade';

/**
 * The home page's trading part, for a Verified user only (the trade routes need it, R1) (decision 031): the assets
 * held, a quick buy or sell (an asset and an amount, 100 by default, handed to /trade/buy or /trade/sell as a form in
 * progress) and the newest orders with their status, each opening its page.
 */
export function HomeTrade() {
  const level = kycLevelFromState(useKycState());
  if (level === undefined || level === null || level < KYC_LEVELS.Verified) return null;
  return (
    <>
      <QuickTrade />
      <HeldAssets />
      <RecentOrders />
    </>
  );
}

function QuickTrade() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const quick = useQuickTradeForm();
  const { side, asset } = quick;

  const sideButton = (value: QuickSide, Icon: typeof ArrowDownLeft) => (
    <button
      type="button"
      aria-pressed={side === value}
      onClick={() => quick.chooseSide(value)}
      className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl border text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
        side === value ? 'border-primary bg-primary-soft text-primary-ink' : 'border-line bg-surface text-ink'
      }`}
    >
      <Icon size={18} aria-hidden="true" />
      {t(`home.${value}`)}
    </button>
  );

  return (
    <section aria-labelledby="home-trade-heading" className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <h2 id="home-trade-heading" className="text-lg font-semibold text-ink">
        {t('home.quickHeading')}
      </h2>
      <form onSubmit={quick.submit} noValidate className="flex flex-col gap-4">
        <div role="group" aria-label={t('home.sideLabel')} className="flex gap-2">
          {sideButton('buy', ArrowDownLeft)}
          {sideButton('sell', ArrowUpRight)}
        </div>
        <AssetPicker
          sections={quick.sections}
          value={asset?.key ?? null}
          onChange={quick.chooseAsset}
          name="quickAsset"
          label={side === 'buy' ? t('home.buyAsset') : t('home.sellAsset')}
        />
        <TextField
          name="quickAmount"
          label={
            side === 'buy' ? t('home.amountUsd') : t('home.amountAsset', { asset: asset?.assetTickerDisplayName ?? '' })
          }
          inputMode="decimal"
          value={quick.amount}
          onChange={quick.changeAmount}
          error={quick.error}
        />
        <Button type="submit" fullWidth isDisabled={!asset}>
          {side === 'buy' ? t('home.continueBuy') : t('home.continueSell')}
        </Button>
      </form>
    </section>
  );
}
