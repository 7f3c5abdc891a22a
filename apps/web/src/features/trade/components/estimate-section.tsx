import { useTranslation } from 'react-i18next';
import type { RampLimitsReply } from '@rampart/contracts';
import { isApiError } from '../../../lib/api';
import { formatUsd } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { TradeLines, TradeLinesSkeleton, type TradeLine } from './trade-lines';

type Limit = RampLimitsReply['limits'][number];

/**
 * The live estimate of /trade/buy and /trade/sell: a prompt until there is something to price, the fee lines from the
 * server, its error, or a skeleton while it updates; then what is left of the limit that matters for the method.
 */
export function EstimateSection({
  hasInput,
  lines,
  error,
  limit,
  method,
}: {
  hasInput: boolean;
  lines: TradeLine[] | null;
  error: unknown;
  limit: Limit | null;
  method: string | null;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  return (
    <section aria-labelledby="estimate-heading" className="flex flex-col gap-2">
      <h2 id="estimate-heading" className="text-base font-semibold text-ink">
        {t('estimate.heading')}
      </h2>
      {!hasInput ? (
        <p className="text-sm text-ink-muted">{t('estimate.enterAmount')}</p>
      ) : lines ? (
        <TradeLines lines={lines} testId="estimate-lines" />
      ) : error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t('estimate.failed', {
            details: isApiError(error) ? serverText.ofError(error) : t('common.unexpected'),
          })}
        </p>
      ) : (
        <TradeLinesSkeleton label={t('estimate.updating')} />
      )}
      {limit && method ? (
        <p className="text-sm text-ink-muted" data-testid="limit-remaining">
          {limit.kind === 'weekly_method'
            ? t('limits.remaining', {
                amount: formatUsd(limit.remaining),
                limit: formatUsd(limit.limit),
                method: t(`methods.${method}`),
              })
            : t('limits.remainingDaily', { amount: formatUsd(limit.remaining), limit: formatUsd(limit.limit) })}
        </p>
      ) : null}
    </section>
  );
}
