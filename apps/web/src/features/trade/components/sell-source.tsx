import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { AssetOption } from '../model/asset-options';
import { assetAmount, type Delivery } from '../trade-form-parts';
import { RadioDot, radioCardClassName } from '../../../components/ui/radio-card';

/**
 * Where the sold asset comes from (R14; decision 030): the user's holdings, with what is available, or a deposit from
 * an external wallet, with its minimum; a deposit with a minimum says so again below, before anything is sent.
 */
export function SellSource({
  asset,
  source,
  held,
  onChange,
}: {
  asset: AssetOption;
  source: Delivery;
  held: string;
  onChange(value: Delivery): void;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <>
      <RadioGroup
        name="delivery"
        value={source}
        onChange={(value) => onChange(value as Delivery)}
        className="flex flex-col gap-2"
      >
        <Label className="text-sm font-semibold text-ink">{t('sell.sourceLabel')}</Label>
        <SourceCard
          value="holdings"
          title={t('sell.fromHoldings')}
          description={t('sell.holdingsAvailable', { amount: assetAmount(held, asset) })}
        />
        <SourceCard
          value="deposit"
          title={t('sell.fromWallet')}
          description={
            asset.minimumDeposit
              ? t('sell.minimumDeposit', { amount: assetAmount(asset.minimumDeposit, asset) })
              : t('sell.depositHelp')
          }
        />
      </RadioGroup>

      {source === 'deposit' && asset.minimumDeposit ? (
        <p
          className="rounded-xl border border-warning bg-warning-soft p-3 text-sm text-ink"
          data-testid="minimum-deposit"
        >
          {t('sell.minimumDepositNotice', {
            amount: assetAmount(asset.minimumDeposit, asset),
            network: asset.networkDisplayName,
          })}
        </p>
      ) : null}
    </>
  );
}

/** One source of the asset, as a radio card like "Pay with"'s (44 px+ target, arrow keys move). */
function SourceCard({ value, title, description }: { value: Delivery; title: string; description: string }) {
  return (
    <Radio value={value} className={radioCardClassName}>
      {({ isSelected }) => (
        <>
          <RadioDot isSelected={isSelected} />
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold break-words text-ink">{title}</span>
            <span className="text-sm break-words text-ink-muted" data-testid={`source-${value}-description`}>
              {description}
            </span>
          </span>
        </>
      )}
    </Radio>
  );
}
