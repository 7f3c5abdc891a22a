import type { FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NETWORK_MEMO_RULES, isAddressNetwork } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { formatAmount } from '../../../lib/format';
import { CopyButton } from '../../../components/ui/copy-button';
import { useAssetDeposit } from '../use-asset-deposit';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deposit.simulate();
  };

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
          <p
            role="note"
            className="flex items-start gap-2 rounded-xl border-2 border-warning bg-warning-soft p-3 text-sm font-semibold text-ink"
            data-testid="deposit-warning"
          >
            <AlertTriangle size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-warning" />
            {t('addAssets.warning', { asset: unit, network })}
          </p>

          {address.data.memo ? (
            <div
              className="flex flex-col gap-2 rounded-xl border-2 border-warning bg-warning-soft p-4"
              data-testid="deposit-memo-block"
            >
              <p className="font-semibold text-ink">{t(`addAssets.${kind}.must`)}</p>
              <p className="text-sm text-ink">{t(`addAssets.${kind}.why`)}</p>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-ink-muted">{t(`addAssets.${kind}.name`)}</span>
                <code className="text-2xl font-bold break-all text-ink" data-testid="deposit-memo">
                  {address.data.memo}
                </code>
                <CopyButton
                  value={address.data.memo}
                  label={t(`addAssets.${kind}.copy`)}
                  copiedLabel={t('addAssets.copied')}
                />
              </div>
            </div>
          ) : null}

          <div className="flex flex-col gap-2">
            <span className="text-sm text-ink-muted">{t('addAssets.address', { asset: unit, network })}</span>
            <code className="font-mono text-base break-all text-ink" data-testid="deposit-address">
              {address.data.address}
            </code>
            <div>
              <CopyButton
                value={address.data.address}
                label={t('addAssets.copyAddress')}
                copiedLabel={t('addAssets.copied')}
              />
            </div>
          </div>
          <p className="text-sm text-ink" data-testid="deposit-minimum">
            {t('addAssets.minimum', { amount: formatAmount(address.data.minimumDeposit, { ticker: unit }) })}
          </p>

          {deposit.sandbox ? (
            <form
              onSubmit={submit}
              noValidate
              className="flex flex-col gap-3 rounded-xl border border-dashed border-line p-3"
              data-testid="deposit-simulate"
            >
              <p className="text-sm text-ink-muted">{t('addAssets.sandbox.intro')}</p>
              <TextField
                name="deposit-amount"
                label={t('addAssets.sandbox.amount', { asset: unit })}
                inputMode="decimal"
                value={deposit.amount}
                onChange={deposit.setAmount}
                error={
                  deposit.amountProblem === 'invalid'
                    ? t('addAssets.sandbox.amountInvalid')
                    : deposit.amountProblem === 'belowMinimum'
                      ? t('addAssets.sandbox.belowMinimum', {
                          amount: formatAmount(address.data.minimumDeposit, { ticker: unit }),
                        })
                      : deposit.simulation.error
                        ? failure(deposit.simulation.error)
                        : null
                }
              />
              <Button type="submit" variant="secondary" isDisabled={deposit.simulation.isPending}>
                {deposit.simulation.isPending ? t('addAssets.sandbox.sending') : t('addAssets.sandbox.submit')}
              </Button>
              <p role="status" className="text-sm text-ink" data-testid="deposit-arrived">
                {deposit.arrived
                  ? t('addAssets.sandbox.arrived', { amount: formatAmount(deposit.arrived.amount, { ticker: unit }) })
                  : ''}
              </p>
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
