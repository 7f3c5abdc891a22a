import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRANSFER_METHODS, type TransferMethodKey } from '@rampart/contracts';
import { isApiError } from '../../../lib/api';
import { formatUsd } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { limitsOf, needsLinkedBank } from '../model/trade-methods';
import { methodDetailPath } from '../paths';
import type { useMethodDetail } from '../use-method-form';
import { NotifyMeButton } from './coming-soon';
import { LimitLine, feeText } from './method-parts';

type Detail = ReturnType<typeof useMethodDetail>;

/** Settlement, fee, where it works and which trades take it. */
export function MethodFactsSection({ method, sides }: { method: TransferMethodKey; sides: Detail['sides'] }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <section aria-labelledby="facts-heading" className="flex flex-col gap-2">
      <h2 id="facts-heading" className="text-base font-semibold text-ink">
        {t('method.factsHeading')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t('method.settlement')}</dt>
        <dd className="text-ink">{t(`method.settlements.${TRANSFER_METHODS[method].settlementText}`)}</dd>
        <dt className="text-ink-muted">{t('method.fee')}</dt>
        <dd className="text-ink">{feeText(t, method)}</dd>
        <dt className="text-ink-muted">{t('method.reach')}</dt>
        <dd className="text-ink">{t(`method.reaches.${method}`)}</dd>
        <dt className="text-ink-muted">{t('method.usedFor')}</dt>
        <dd className="text-ink" data-testid="used-for">
          {sides.length === 0
            ? t('method.notForTrades')
            : sides.map((s) => t(s === 'buy' ? 'method.forBuying' : 'method.forSelling')).join(' · ')}
        </dd>
      </dl>
      {TRANSFER_METHODS[method].settlement.kind !== 'instant' && sides.length > 0 ? (
        <p className="text-sm text-ink-muted">{t('method.slowNote')}</p>
      ) : null}
    </section>
  );
}

/** Its limits with what remains (/ramp/limits). */
export function MethodLimitsSection({ method, limits }: { method: TransferMethodKey; limits: Detail['limits'] }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  return (
    <section aria-labelledby="limits-heading" className="flex flex-col gap-2">
      <h2 id="limits-heading" className="text-base font-semibold text-ink">
        {t('method.limitsHeading')}
      </h2>
      {limits.data ? (
        <ul className="flex flex-col gap-2" data-testid="method-limits">
          {limitsOf(limits.data, method).map((limit) => (
            <LimitLine key={limit.kind} limit={limit} method={method} />
          ))}
        </ul>
      ) : limits.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('method.limitsFailed', {
            details: isApiError(limits.error) ? serverText.ofError(limits.error) : t('common.unexpected'),
          })}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">{t('common.loading')}</p>
      )}
    </section>
  );
}

/** What it needs: nothing for trades (with "notify me"), a linked bank, or the USD balance. */
export function MethodNeedsSection({ method, detail }: { method: TransferMethodKey; detail: Detail }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const name = t(`methods.${method}`);
  const { sides, asOption, notify, bankOptions, holdings } = detail;
  return (
    <section aria-labelledby="needs-heading" className="flex flex-col gap-2">
      <h2 id="needs-heading" className="text-base font-semibold text-ink">
        {t('method.needsHeading')}
      </h2>
      {sides.length === 0 ? (
        <>
          <p className="text-sm text-ink-muted">{t('method.notForTradesText', { method: name })}</p>
          {asOption?.featureInterestType ? (
            <div>
              <NotifyMeButton option={asOption} label={t('method.notifyMeAbout', { method: name })} state={notify} />
            </div>
          ) : null}
        </>
      ) : needsLinkedBank(method) ? (
        <>
          <p className="text-sm text-ink-muted">{t('method.needsBankText')}</p>
          {detail.banksPending ? null : bankOptions.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm text-ink" data-testid="linked-banks">
              {bankOptions.map((option) => (
                <li key={option.key}>
                  {option.disabled ? t('method.reauth', { option: option.label }) : option.label}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink">{t('method.noBank')}</p>
          )}
          <Link
            to={`/methods/bank?redirect=${encodeURIComponent(methodDetailPath(method, detail.side))}`}
            className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-ink"
          >
            {t(bankOptions.length > 0 ? 'method.linkAnotherBank' : 'method.linkBank')}
          </Link>
        </>
      ) : (
        <p className="text-sm text-ink-muted">
          {holdings.data
            ? t('method.balanceText', { amount: formatUsd(holdings.data.available) })
            : t('method.balanceTextPlain')}
        </p>
      )}
    </section>
  );
}
