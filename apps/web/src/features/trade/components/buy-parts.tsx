import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NetworkMemoRule } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import type { AssetOption } from '../model/asset-options';
import { methodListPath } from '../paths';
import { AssetPicker as AssetPickerField } from './asset-picker';
import { PayWith as PayWithField } from './pay-with';

// React Aria's select and radio group are the page's largest work: rendered again only when their own props change,
// not on every answer the page receives (the limits, the estimate, a keystroke in another field; decision 042).
export const AssetPicker = memo(AssetPickerField);
export const PayWith = memo(PayWithField);
// Decision 043: the fields whose props do not change when a read answers (react-query's answers render the page
// synchronously) are not rendered again then either.
export const Field = memo(TextField);
export const SubmitButton = memo(Button);

/** No way to pay yet: link a bank. */
export function NoPaymentMethods() {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-line p-4" aria-labelledby="no-methods">
      <h2 id="no-methods" className="text-base font-semibold text-ink">
        {t('buy.noMethodsTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('buy.noMethodsText')}</p>
      <LinkButton to="/methods/bank" variant="secondary">
        {t('buy.linkBank')}
      </LinkButton>
    </section>
  );
}

/** "Compare methods", under the way to pay. */
export function CompareMethodsLink({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <Link
      to={methodListPath(side)}
      className="-mt-3 inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-ink"
    >
      {t('method.compare')}
    </Link>
  );
}

interface EditedField {
  value: string;
  change(value: string): void;
  blur(): void;
}

/** Where the bought asset goes: the address for its network and, where the network uses one, the memo or tag. */
export function BuyDestinationFields({
  asset,
  address,
  memo,
  errors,
}: {
  asset: AssetOption;
  address: EditedField & { fromWallet: boolean; lastUsed: boolean };
  memo: (EditedField & { rule: NetworkMemoRule }) | null;
  errors: { buyAddress?: string; buyMemo?: string };
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <>
      <Field
        name="buyAddress"
        label={t('buy.addressLabel', { network: asset.networkDisplayName })}
        description={
          address.fromWallet
            ? t('buy.walletAddressHelp')
            : address.lastUsed
              ? t('buy.lastAddressHelp', { network: asset.networkDisplayName })
              : t('buy.addressHelp', { asset: asset.assetTickerDisplayName })
        }
        autoComplete="off"
        spellCheck="false"
        value={address.value}
        onChange={address.change}
        onBlur={address.blur}
        error={errors.buyAddress}
      />
      {memo ? (
        <Field
          name="buyMemo"
          label={t(memo.rule.label === 'destinationTag' ? 'buy.destinationTagLabel' : 'buy.memoLabel')}
          description={t(memo.rule.memo === 'required' ? 'buy.memoRequiredHelp' : 'buy.memoOptionalHelp')}
          autoComplete="off"
          value={memo.value}
          onChange={memo.change}
          onBlur={memo.blur}
          error={errors.buyMemo}
        />
      ) : null}
    </>
  );
}
