import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { formatAmount, formatUsd } from '../../../lib/format';
import { useHoldings } from '../../../lib/queries/holdings';

/** Asset amounts arrive in the asset's own decimals ("100.000000"): shown with as many. */
function decimalsOf(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

/** The USD balance (available large; settled and held beside it) and the assets held (R14). */
export function BalanceSummary() {
  const { t } = useTranslation('money', { useSuspense: true });
  const serverText = useServerText();
  const holdings = useHoldings();

  if (holdings.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        className="flex flex-col gap-3 rounded-2xl border border-line p-4"
        data-testid="balance-skeleton"
      >
        <span className="sr-only">{t('balance.loading')}</span>
        <Bar className="h-4 w-24" />
        <Bar className="h-9 w-40" />
        <Bar className="h-4 w-full" />
      </div>
    );
  }
  if (holdings.error) {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-2xl border border-danger bg-danger-soft p-4 text-danger">
        <p className="text-sm font-medium">
          {t('balance.failed', {
            details: isApiError(holdings.error) ? serverText.ofError(holdings.error) : t('errors.unexpected'),
          })}
        </p>
        <Button variant="secondary" onPress={() => void holdings.refetch()} className="self-start">
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const data = holdings.data;
  const assets = data.assets.filter((asset) => !/^0(\.0+)?$/.test(asset.settled));
  return (
    <section
      aria-labelledby="balance-heading"
      className="flex flex-col gap-4 rounded-2xl border border-line p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id="balance-heading" className="text-sm font-semibold text-ink-muted">
          {t('balance.heading')}
        </h2>
        <p className="text-3xl font-bold tracking-tight text-ink tabular-nums" data-testid="balance-available">
          {formatUsd(data.available)}
        </p>
        <p className="text-sm text-ink-muted">{t('balance.available')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 border-t border-line pt-3 text-sm">
        <div>
          <dt className="text-ink-muted">{t('balance.settled')}</dt>
          <dd className="font-semibold text-ink tabular-nums" data-testid="balance-settled">
            {formatUsd(data.settled)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('balance.held')}</dt>
          <dd className="font-semibold text-ink tabular-nums" data-testid="balance-held">
            {formatUsd(data.held)}
          </dd>
        </div>
      </dl>
      {assets.length > 0 ? (
        <div className="flex flex-col gap-2 border-t border-line pt-3">
          <h3 className="text-sm font-semibold text-ink-muted">{t('balance.assets')}</h3>
          <ul className="flex flex-col gap-1.5">
            {assets.map((asset) => (
              <li key={asset.assetTicker} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-semibold text-ink">{asset.assetTicker}</span>
                <span className="text-ink tabular-nums">
                  {t('balance.assetAvailable', {
                    amount: formatAmount(asset.available, {
                      ticker: asset.assetTicker,
                      decimals: decimalsOf(asset.available),
                    }),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
