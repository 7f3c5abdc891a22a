import { useTranslation } from 'react-i18next';
import { TRANSFER_METHODS, type RampLimit, type TransferMethodKey } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { currentIntlLocale, formatDateTime, formatUsd } from '../../../lib/format';
import type { AssetOption, PaymentMethodOption } from '../model/asset-options';
import { methodFee, needsLinkedBank, type TradeSide } from '../model/trade-methods';
import { methodListPath } from '../paths';
import type { TradeT } from '../trade-form-parts';
import { useMethodChoice } from '../use-method-form';
import { NotifyMeButton, type useNotifyMe } from './coming-soon';

/** "0.5% fee", "$2.00 fee", "No fee" (document 2, section 9's fees; the USD balance's is nothing). */
export function feeText(t: TradeT, method: TransferMethodKey): string {
  const fee = methodFee(method);
  if (fee.kind === 'none') return t('method.feeNone');
  if (fee.kind === 'fixed') return t('method.feeFixed', { amount: formatUsd(fee.amount) });
  const percent = new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(
    fee.fraction as `${number}`,
  );
  return t('method.feePercent', { percent });
}

/** A method's settlement time and fee, and its limit line when given. */
export function MethodFacts({ method, limit }: { method: TransferMethodKey; limit?: string }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-ink-muted">{t('method.settlement')}</dt>
      <dd className="text-ink">{t(`method.settlements.${TRANSFER_METHODS[method].settlementText}`)}</dd>
      <dt className="text-ink-muted">{t('method.fee')}</dt>
      <dd className="text-ink">{feeText(t, method)}</dd>
      {limit ? (
        <>
          <dt className="text-ink-muted">{t('method.limit')}</dt>
          <dd className="text-ink" data-testid={`limit-${method}`}>
            {limit}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The buttons that choose one of a method's options for the side's trade, and send the user back to it. */
export function MethodChoices({
  method,
  side,
  options,
}: {
  method: TransferMethodKey;
  side: TradeSide;
  options: readonly PaymentMethodOption[];
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { chosen, choose } = useMethodChoice(side);
  const mine = options.filter((option) => option.network === method && !option.featureInterestType);
  if (mine.length === 0 && needsLinkedBank(method)) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-ink-muted">{t('method.needsBank')}</p>
        <LinkButton to={`/methods/bank?redirect=${encodeURIComponent(methodListPath(side))}`} variant="secondary">
          {t('method.linkBank')}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {mine.map((option) => (
        <Button
          key={option.key}
          variant={option.key === chosen ? 'primary' : 'secondary'}
          isDisabled={option.disabled}
          aria-label={t('method.useLabel', { option: option.label })}
          onPress={() => choose(option.key)}
        >
          {option.disabled
            ? t('method.reauth', { option: option.label })
            : option.key === chosen
              ? t('method.chosen', { option: option.label })
              : t('method.use', { option: option.label })}
        </Button>
      ))}
    </div>
  );
}

/** The methods trades do not take yet (card, wires: R15), each with its facts and "notify me". */
export function UnavailableMethods({
  options,
  notify,
}: {
  options: readonly AssetOption[];
  notify: ReturnType<typeof useNotifyMe>;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  if (options.length === 0) return null;
  return (
    <section aria-labelledby="unavailable-methods" className="flex flex-col gap-3 border-t border-line pt-4">
      <h2 id="unavailable-methods" className="text-base font-semibold text-ink">
        {t('buy.unavailableHeading')}
      </h2>
      <p className="text-sm text-ink-muted">{t('method.unavailableText')}</p>
      <ul className="flex flex-col gap-3">
        {options.map((option) => {
          const method = option.network as TransferMethodKey;
          return (
            <li
              key={method}
              className="flex flex-col gap-2 rounded-xl border border-line p-4 opacity-90"
              data-testid={`method-${method}`}
            >
              <h3 className="text-base font-semibold text-ink-muted">{t(`methods.${method}`)}</h3>
              <MethodFacts method={method} />
              <div>
                <NotifyMeButton
                  option={option}
                  label={t('method.notifyMeAbout', { method: t(`methods.${method}`) })}
                  state={notify}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One limit as a line: its kind and size, what is left, and when more frees up. */
export function LimitLine({ limit, method }: { limit: RampLimit; method: TransferMethodKey }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const name = t(`method.limitKinds.${limit.kind}`, { limit: formatUsd(limit.limit), method: t(`methods.${method}`) });
  return (
    <li className="flex flex-col gap-0.5" data-testid={`limit-${limit.kind}`}>
      <span className="text-ink">{name}</span>
      {limit.kind === 'per_trade' ? null : (
        <span className="text-sm text-ink-muted">
          {t('method.left', { amount: formatUsd(limit.remaining) })}
          {limit.nextReleaseAt ? ` ${t('method.nextRelease', { time: formatDateTime(limit.nextReleaseAt) })}` : ''}
        </span>
      )}
    </li>
  );
}
