import { useTranslation } from 'react-i18next';
import type { TradeDraft } from '../model/trade-draft';
import { formatAssetAmount } from './trade-lines';

function Detail({
  term,
  children,
  mono = false,
  testId,
}: {
  term: string;
  children: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className={mono ? 'font-mono text-sm break-all text-ink' : 'text-ink'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A buy on /trade/summary: the asset, where it is sent (and the memo), how it is paid. */
export function BuyDetails({ draft }: { draft: Exclude<TradeDraft, { side: 'sell' }> }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <dl className="flex flex-col gap-3 text-base">
      <div className="flex flex-col gap-0.5">
        <dt className="text-sm text-ink-muted">{t('summary.youBuy')}</dt>
        <dd className="font-semibold text-ink">
          {t('summary.asset', { asset: draft.asset.assetTickerDisplayName, network: draft.asset.networkDisplayName })}
        </dd>
      </div>
      <Detail term={t('summary.sendTo')} mono testId="summary-address">
        {draft.address}
      </Detail>
      {draft.memo ? (
        <Detail term={t('summary.memo')} mono>
          {draft.memo}
        </Detail>
      ) : null}
      <Detail term={t('summary.payWith')}>{draft.source.label}</Detail>
    </dl>
  );
}

/** A sell: the asset, where it comes from (holdings, or a deposit whose address comes with the order), the payout. */
export function SellDetails({ draft }: { draft: Extract<TradeDraft, { side: 'sell' }> }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const minimum = draft.asset.minimumDeposit;
  return (
    <dl className="flex flex-col gap-3 text-base">
      <div className="flex flex-col gap-0.5">
        <dt className="text-sm text-ink-muted">{t('summary.youSell')}</dt>
        <dd className="font-semibold text-ink">
          {t('summary.sellAmount', {
            amount: formatAssetAmount(draft.amount, draft.asset.assetTickerDisplayName, draft.asset.decimals),
            network: draft.asset.networkDisplayName,
          })}
        </dd>
      </div>
      <Detail term={t('summary.sellFrom')} testId="summary-source">
        {draft.delivery === 'holdings' ? t('summary.fromHoldings') : t('summary.fromDeposit')}
      </Detail>
      {draft.delivery === 'deposit' && minimum ? (
        <Detail term={t('summary.minimumDeposit')}>
          {formatAssetAmount(minimum, draft.asset.assetTickerDisplayName, draft.asset.decimals)}
        </Detail>
      ) : null}
      <Detail term={t('summary.payoutTo')}>{draft.payout.label}</Detail>
    </dl>
  );
}
