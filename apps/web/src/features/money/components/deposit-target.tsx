import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssetDepositAddress } from '@rampart/contracts';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatAmount } from '../../../lib/format';

/**
 * Where to send an asset: the warning to send only that asset on that network, the memo or destination tag where
 * the network needs one, the user's own address, each with a copy button, and the minimum deposit.
 */
export function DepositTarget({
  target,
  unit,
  network,
  kind,
}: {
  target: AssetDepositAddress;
  unit: string;
  network: string;
  /** XRPL calls it a destination tag; Stellar and the others a memo. */
  kind: 'tag' | 'memo';
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <>
      <p
        role="note"
        className="flex items-start gap-2 rounded-xl border-2 border-warning bg-warning-soft p-3 text-sm font-semibold text-ink"
        data-testid="deposit-warning"
      >
        <AlertTriangle size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-warning" />
        {t('addAssets.warning', { asset: unit, network })}
      </p>

      {target.memo ? (
        <div
          className="flex flex-col gap-2 rounded-xl border-2 border-warning bg-warning-soft p-4"
          data-testid="deposit-memo-block"
        >
          <p className="font-semibold text-ink">{t(`addAssets.${kind}.must`)}</p>
          <p className="text-sm text-ink">{t(`addAssets.${kind}.why`)}</p>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-ink-muted">{t(`addAssets.${kind}.name`)}</span>
            <code className="text-2xl font-bold break-all text-ink" data-testid="deposit-memo">
              {target.memo}
            </code>
            <CopyButton value={target.memo} label={t(`addAssets.${kind}.copy`)} copiedLabel={t('addAssets.copied')} />
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <span className="text-sm text-ink-muted">{t('addAssets.address', { asset: unit, network })}</span>
        <code className="font-mono text-base break-all text-ink" data-testid="deposit-address">
          {target.address}
        </code>
        <div>
          <CopyButton value={target.address} label={t('addAssets.copyAddress')} copiedLabel={t('addAssets.copied')} />
        </div>
      </div>
      <p className="text-sm text-ink" data-testid="deposit-minimum">
        {t('addAssets.minimum', { amount: formatAmount(target.minimumDeposit, { ticker: unit }) })}
      </p>
    </>
  );
}
