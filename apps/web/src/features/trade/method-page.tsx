import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TransferMethodKey } from '@rampart/contracts';
import { Skeleton } from '../../components/ui/skeleton';
import { NotFoundPage } from '../../components/not-found-page';
import { LoadFailed } from './components/load-failed';
import { MethodFactsSection, MethodLimitsSection, MethodNeedsSection } from './components/method-detail-sections';
import { MethodChoices, MethodFacts, UnavailableMethods } from './components/method-parts';
import { TradeHeader } from './components/trade-header';
import { tradeMethodOf, tradeMethodsFor } from './model/trade-methods';
import { TRADE_PATHS, methodDetailPath, methodListPath } from './paths';
import { useMethodDetail, useMethodList } from './use-method-form';

/**
 * /trade/method?side=buy|sell (R13; document 2, section 9; decision 030): the methods of the side's trade, each with
 * its settlement time, fee and limit, and a button per option (the USD balance, each linked bank) that chooses it
 * and returns to the trade. The methods trades do not take (card, wires) are listed with "notify me".
 */
export function MethodPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { side, reveal, options, limitText, unavailable, notify } = useMethodList();

  if (reveal.phase === 'reading') return <Skeleton label={t('common.loading')} />;
  if (reveal.phase === 'failed') return <LoadFailed title={t('method.loadFailed')} error={reveal.error} />;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader
        title={t('method.title')}
        intro={t(side === 'buy' ? 'method.introBuy' : 'method.introSell')}
        backTo={side === 'buy' ? TRADE_PATHS.buy : TRADE_PATHS.sell}
      />
      <ul className="flex flex-col gap-4" aria-label={t('method.listLabel')}>
        {tradeMethodsFor(side).map((method) => (
          <li
            key={method}
            className="flex flex-col gap-3 rounded-xl border border-line p-4"
            data-testid={`method-${method}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-semibold text-ink">{t(`methods.${method}`)}</h2>
              <Link
                to={methodDetailPath(method, side)}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-ink"
                aria-label={t('method.detailsOf', { method: t(`methods.${method}`) })}
              >
                {t('method.details')}
              </Link>
            </div>
            <MethodFacts method={method} limit={limitText(method)} />
            <MethodChoices method={method} side={side} options={options} />
          </li>
        ))}
      </ul>
      <UnavailableMethods options={unavailable} notify={notify} />
    </div>
  );
}

/**
 * /trade/method/:tradeMethod (decision 030): one payment method in full: settlement, fee, where it works, which
 * trades take it, its limits with what remains (/ramp/limits), and what it needs (a linked bank, the USD balance).
 * A method that does not exist is the not-found page.
 */
export function MethodDetailPage() {
  const { tradeMethod } = useParams();
  const method = tradeMethodOf(tradeMethod);
  if (!method) return <NotFoundPage />;
  return <MethodDetail method={method} />;
}

function MethodDetail({ method }: { method: TransferMethodKey }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const detail = useMethodDetail(method);
  const name = t(`methods.${method}`);

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader
        title={name}
        intro={t('method.detailIntro', { method: name })}
        backTo={methodListPath(detail.side)}
        backLabel={t('method.backToList')}
      />
      <MethodFactsSection method={method} sides={detail.sides} />
      {detail.sides.length > 0 ? <MethodLimitsSection method={method} limits={detail.limits} /> : null}
      <MethodNeedsSection method={method} detail={detail} />
      {detail.canChoose ? <MethodChoices method={method} side={detail.optionSide} options={detail.options} /> : null}
    </div>
  );
}
