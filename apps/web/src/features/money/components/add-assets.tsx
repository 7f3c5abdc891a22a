import { useTranslation } from 'react-i18next';
import { NETWORK_MEMO_RULES, isAddressNetwork } from '@rampart/contracts';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useAssetDeposit } from '../use-asset-deposit';
import { DepositTarget } from './deposit-target';
import { SimulateDeposit } from './simulate-deposit';

const selectClass =
  'min-h-11 rounded-xl border border-line bg-surface px-3 text-base text-ink focus-visible:outline-3 focus-visible:outline-focus';

/**
 * /money's "Add assets" (the "assets addition" flag, decision 061; docs/decisions/069-asset-deposit-addresses.md):
 * choose an asset, see the user's own deposit address on its network with a copy button, the memo or destination
 * tag where the network needs one, the minimum deposit, and the warning to send only that asset on that network.
 * In sandbox mode, a deposit to the address can be made to arrive.
 */
export function AddAssets() {
  const { t } = useTranslation('money', { useSuspense: true });
  const serverText = useServerText();
  const deposit = useAssetDeposit();
  const { chosen, address } = deposit;
  const network = chosen?.networkDisplayName ?? '';
  const unit = chosen?.unitName ?? '';
  const rule = chosen && isAddressNetwork(chosen.network) ? NETWORK_MEMO_RULES[chosen.network] : null;
  // XRPL calls it a destination tag; Stellar and the others a memo.
  const kind = rule && rule.memo !== 'none' && rule.label === 'destinationTag' ? 'tag' : 'memo';
  const failure = (error: unknown) => (isApiError(error) ? serverText.ofError(error) : t('errors.unexpected'));

  return (
    <section
      aria-labelledby="add-assets-heading"
      data-testid="add-assets"
      className="flex flex-col gap-4 rounded-xl border border-line p-4"
    >
      <h2 id="add-assets-heading" className="text-lg font-semibold text-ink">
        {t('addAssets.heading')}
      </h2>
      <p className="text-sm text-ink-muted">{t('addAssets.intro')}</p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
        {t('addAssets.asset')}
        <select
          name="deposit-asset"
          className={selectClass}
          value={chosen?.key ?? ''}
          onChange={(event) => deposit.choose(event.target.value)}
          disabled={deposit.catalogue.isPending}
        >
          <option value="">{deposit.catalogue.isPending ? t('addAssets.loadingAssets') : t('addAssets.choose')}</option>
          {deposit.options.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {t('addAssets.option', { asset: entry.unitName, network: entry.networkDisplayName })}
            </option>
          ))}
        </select>
      </label>
      {deposit.catalogue.error ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {failure(deposit.catalogue.error)}
        </p>
      ) : null}

      {chosen && address.isPending ? (
        <p role="status" aria-busy="true" className="text-sm text-ink-muted">
          {t('addAssets.loadingAddress')}
        </p>
      ) : null}
      {chosen && address.error ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {t('addAssets.addressFailed', { details: failure(address.error) })}
        </p>
      ) : null}

      {chosen && address.data ? (
        <div className="flex flex-col gap-4" data-testid="deposit-target">
          <DepositTarget target={address.data} unit={unit} network={network} kind={kind} />
          {deposit.sandbox ? (
            <SimulateDeposit deposit={deposit} unit={unit} minimum={address.data.minimumDeposit} failure={failure} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
