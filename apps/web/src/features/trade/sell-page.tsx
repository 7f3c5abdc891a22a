import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { AssetPicker } from './components/asset-picker';
import { EstimateSection } from './components/estimate-section';
import { LoadFailed } from './components/load-failed';
import { PayWith } from './components/pay-with';
import { SellSource } from './components/sell-source';
import { TradeComingSoon } from './components/trade-coming-soon';
import { TradeHeader } from './components/trade-header';
import { TRADE_PATHS, methodListPath } from './paths';
import { assetAmount } from './trade-form-parts';
import { useSellForm } from './use-sell-form';

const LINK = 'inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink';

/**
 * /trade/sell (R13, R14; decision 030): the asset to sell, where it comes from (the user's holdings, with
 * what is available and Max, or a deposit from an external wallet, whose minimum deposit is shown before anything
 * is sent), the amount (100 by default, in the asset), where the dollars go (USD balance or a linked bank), and the
 * live estimate with every fee on its own line. Continue hands the draft to /trade/summary.
 */
export function SellPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const sell = useSellForm();
  const { reveal, errors, asset } = sell;

  if (reveal.phase === 'reading') return <Skeleton label={t('common.loading')} />;
  if (reveal.phase === 'failed')
    return <LoadFailed title={t('sell.loadFailed')} error={reveal.error} onRetry={reveal.retry} />;

  return (
    <form onSubmit={sell.submit} noValidate className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('sell.title')} intro={t('sell.intro')} backTo="/" backLabel={t('common.backHome')} />

      {sell.sections.length === 0 ? (
        <p className="text-base text-ink-muted">{t('sell.noAssets')}</p>
      ) : (
        <AssetPicker
          name="sellAsset"
          label={t('sell.assetLabel')}
          sections={sell.sections}
          value={asset?.key ?? null}
          onChange={sell.chooseAsset}
          error={errors.sellAsset}
        />
      )}

      {asset ? <SellSource asset={asset} source={sell.source} held={sell.held} onChange={sell.chooseSource} /> : null}

      <div className="flex flex-col gap-2">
        <TextField
          name="amount"
          label={t('sell.amountLabel', { asset: asset?.assetTickerDisplayName ?? '' })}
          description={t('sell.amountHelp')}
          inputMode="decimal"
          autoComplete="off"
          value={sell.amount}
          onChange={sell.changeAmount}
          error={errors.amount}
        />
        {asset && sell.max ? (
          <Button
            variant="secondary"
            aria-label={t('sell.maxLabel', { amount: assetAmount(sell.held, asset) })}
            onPress={sell.max}
          >
            {t('sell.max')}
          </Button>
        ) : null}
      </div>

      <PayWith
        name="payout"
        label={t('sell.payoutLabel')}
        options={sell.payouts}
        value={sell.payout?.key ?? null}
        onChange={sell.choosePayout}
        error={errors.payout}
      />
      <div className="-mt-3 flex flex-wrap gap-x-4">
        <Link to={methodListPath('sell')} className={LINK}>
          {t('method.compare')}
        </Link>
        {sell.payouts.every((option) => option.network === 'primex_usd') ? (
          <Link to={`/methods/bank?redirect=${encodeURIComponent(TRADE_PATHS.sell)}`} className={LINK}>
            {t('sell.linkBank')}
          </Link>
        ) : null}
      </div>

      <EstimateSection {...sell.estimate} />

      <Button type="submit" fullWidth>
        {t('buy.continue')}
      </Button>

      <TradeComingSoon side="sell" options={sell.unavailable} />
    </form>
  );
}
