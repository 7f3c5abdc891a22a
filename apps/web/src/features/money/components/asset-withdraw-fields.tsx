import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatAmount } from '../../../lib/format';
import type { WithdrawAssetForm } from '../use-withdraw-asset-form';

const selectClass =
  'min-h-11 rounded-xl border border-line bg-surface px-3 text-base text-ink focus-visible:outline-3 focus-visible:outline-focus aria-[invalid=true]:border-danger';

/** The asset withdrawal's request: the held asset, its network, the amount, the address and the memo or tag. */
export function AssetWithdrawFields({ form }: { form: WithdrawAssetForm }) {
  const { t } = useTranslation('money', { useSuspense: true });
  const { asset, network, errors } = form;
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
        {t('assetWithdraw.asset')}
        <select
          name="asset"
          className={selectClass}
          value={asset?.assetTicker ?? ''}
          onChange={(event) => form.chooseAsset(event.target.value)}
        >
          {form.held.map((a) => (
            <option key={a.assetTicker} value={a.assetTicker}>
              {t('assetWithdraw.assetOption', {
                asset: a.assetTicker,
                amount: formatAmount(a.available, { ticker: a.assetTicker }),
              })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
        {t('assetWithdraw.network')}
        <select
          name="network"
          className={selectClass}
          value={network?.network ?? ''}
          onChange={(event) => form.setNetworkId(event.target.value)}
        >
          {form.networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.networkDisplayName}
            </option>
          ))}
        </select>
      </label>
      <TextField
        name="amount"
        label={t('assetWithdraw.amount', { asset: asset?.assetTicker ?? '' })}
        inputMode="decimal"
        value={form.amount}
        onChange={form.setAmount}
        error={errors.amount}
      />
      {asset ? (
        <Button variant="secondary" onPress={() => form.setAmount(asset.available)}>
          {t('assetWithdraw.max', { amount: formatAmount(asset.available, { ticker: asset.assetTicker }) })}
        </Button>
      ) : null}
      <TextField
        name="address"
        label={t('assetWithdraw.address', { network: network?.networkDisplayName ?? '' })}
        value={form.address}
        onChange={form.setAddress}
        error={errors.address}
        autoComplete="off"
      />
      {form.usesMemo ? (
        <TextField
          name="memo"
          label={form.memoLabel === 'destinationTag' ? t('assetWithdraw.destinationTag') : t('assetWithdraw.memo')}
          value={form.memo}
          onChange={form.setMemo}
          error={errors.memo}
        />
      ) : null}
      <p className="text-sm text-ink-muted">{t('assetWithdraw.coldStorage')}</p>
      <Button type="submit" fullWidth isDisabled={form.askingForCode || !asset || !network}>
        {form.askingForCode ? t('assetWithdraw.sendingCode') : t('assetWithdraw.submit')}
      </Button>
    </form>
  );
}
