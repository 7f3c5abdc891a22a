import { useTranslation } from 'react-i18next';
import type { TradeFigures } from '@rampart/contracts';
import { formatAmount, formatUsd } from '../../../lib/format';

/**
 * An asset amount formatted for the locale with the ticker: with the asset's own decimals when known
 * (docs/design-brief.md, interface: money), else with every significant digit of the decimal string
 * ("0.000200" -> "0.0002"), never rounded away.
 */
export function formatAssetAmount(value: string, ticker: string, decimals?: number): string {
  const [, fraction = ''] = value.trim().split('.');
  const places = decimals ?? fraction.replace(/0+$/, '').length;
  return formatAmount(value, { decimals: places, ticker });
}

export interface TradeLine {
  key: string;
  label: string;
  value: string;
  total?: boolean;
}

/**
 * The figures of an estimate or a quote (docs/design-brief.md, interface: money): what the user pays, every fee on
 * its own line, the total of the fees and what the user receives, together. Amounts are the server's decimal
 * strings, formatted, never computed.
 */
export function tradeLines(
  t: (key: string, params?: Record<string, string>) => string,
  figures: TradeFigures,
  assetDecimals: number,
): TradeLine[] {
  // A buy pays USD for the asset; a sell gives the asset for USD (the asset's decimals go to its side).
  const sell = figures.side === 'sell';
  return [
    {
      key: 'pay',
      label: t(sell ? 'estimate.youSell' : 'estimate.youPay'),
      value: sell
        ? formatAssetAmount(figures.sellAmountTotal, figures.sellAssetTicker, assetDecimals)
        : formatUsd(figures.sellAmountTotal),
    },
    ...figures.fees.map((fee) => ({
      key: `fee-${fee.kind}`,
      label: t(`estimate.fee_${fee.kind}`, { method: t(`methods.${figures.paymentMethod}`) }),
      value: formatUsd(fee.amount),
    })),
    { key: 'fees', label: t('estimate.totalFees'), value: formatUsd(figures.totalFees) },
    {
      key: 'receive',
      label: t('estimate.youReceive'),
      value: sell
        ? formatUsd(figures.receiveAmount)
        : formatAmount(figures.receiveAmount, { decimals: assetDecimals, ticker: figures.buyAssetTicker }),
      total: true,
    },
  ];
}

export function TradeLines({ lines, testId }: { lines: readonly TradeLine[]; testId: string }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <dl
      data-testid={testId}
      aria-label={t('estimate.label')}
      className="flex flex-col gap-2 rounded-xl bg-surface-muted p-4 text-base"
    >
      {lines.map((line) => (
        <div
          key={line.key}
          data-testid={`line-${line.key}`}
          className={[
            'flex flex-wrap items-baseline justify-between gap-x-4',
            line.total ? 'mt-1 border-t border-line pt-3 font-semibold text-ink' : 'text-ink-muted',
          ].join(' ')}
        >
          <dt className="min-w-0">{line.label}</dt>
          <dd className="min-w-0 text-right break-all text-ink tabular-nums">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The same block's shape while the figures load (docs/design-brief.md, interface: skeletons in the shape of the
 * content).
 */
export function TradeLinesSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      data-testid="lines-skeleton"
      className="flex flex-col gap-3 rounded-xl bg-surface-muted p-4"
    >
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex justify-between gap-4">
          <div className="h-4 w-1/3 animate-shimmer rounded bg-line" />
          <div className="h-4 w-1/4 animate-shimmer rounded bg-line" />
        </div>
      ))}
    </div>
  );
}
