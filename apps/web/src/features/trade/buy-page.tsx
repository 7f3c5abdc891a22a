import { useTranslation } from 'react-i18next';
import { BuyPageHeader } from '../../components/ui/page-skeleton';
import { Skeleton } from '../../components/ui/skeleton';
import {
  AssetPicker,
  BuyDestinationFields,
  CompareMethodsLink,
  Field,
  NoPaymentMethods,
  PayWith,
  SubmitButton,
} from './components/buy-parts';
import { EstimateSection } from './components/estimate-section';
import { LoadFailed } from './components/load-failed';
import { TradeComingSoon } from './components/trade-coming-soon';
import { useBuyForm } from './use-buy-form';

/**
 * /trade/buy (document 1, sections 2-4; R13; decision 025): the asset to buy, how to pay, the amount (100 by default),
 * where to send it (checked with the shared network rules, the memo or tag where the network uses one), and a live
 * estimate with every fee on its own line and the limit that remains. Continue hands the draft to /trade/summary.
 * The form is drawn in steps, each below the last (decision 045).
 */
export function BuyPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const buy = useBuyForm();
  const { reveal, errors, asset } = buy;
  const shown = reveal.shown;

  // The page's header first (its intro is the largest paint, decisions 042 and 043): only the fields below it wait for
  // the reads. The same form element and header as below, so the header's nodes stay when the fields arrive; the app
  // draws the same header in the same place while it checks the session and loads this page (PageSkeleton).
  const header = <BuyPageHeader />;
  if (reveal.phase === 'reading')
    return (
      <form onSubmit={(event) => event.preventDefault()} noValidate className="flex min-w-0 flex-col gap-6">
        {header}
        <Skeleton label={t('common.loading')} />
      </form>
    );
  if (reveal.phase === 'failed')
    return <LoadFailed title={t('buy.loadFailed')} error={reveal.error} onRetry={reveal.retry} />;

  return (
    <form onSubmit={buy.submit} noValidate className="flex min-w-0 flex-col gap-6">
      {header}

      {buy.sections.length === 0 ? (
        <p className="text-base text-ink-muted">{t('buy.noAssets')}</p>
      ) : (
        <AssetPicker
          sections={buy.sections}
          value={asset?.key ?? null}
          onChange={buy.chooseAsset}
          error={errors.buyAsset}
        />
      )}

      {!shown(1) ? null : buy.sources.length === 0 ? (
        <NoPaymentMethods />
      ) : (
        <PayWith
          options={buy.sources}
          value={buy.source?.key ?? null}
          onChange={buy.chooseSource}
          error={errors.sellMethod}
        />
      )}
      {shown(1) ? (
        <>
          <CompareMethodsLink side="buy" />
          <Field
            name="amount"
            label={t('buy.amountLabel')}
            description={t('buy.amountHelp')}
            inputMode="decimal"
            autoComplete="off"
            value={buy.amount}
            onChange={buy.changeAmount}
            error={errors.amount}
          />
        </>
      ) : null}

      {asset && shown(2) ? (
        <BuyDestinationFields asset={asset} address={buy.address} memo={buy.memo} errors={errors} />
      ) : null}

      {shown(3) ? (
        <>
          <EstimateSection {...buy.estimate} />
          <SubmitButton type="submit" fullWidth>
            {t('buy.continue')}
          </SubmitButton>
        </>
      ) : null}

      {shown(4) ? <TradeComingSoon side="buy" options={buy.unavailable} /> : null}
    </form>
  );
}
