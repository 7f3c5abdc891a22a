import { AlertTriangle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NETWORK_MEMO_RULES, isAddressNetwork, type RampOrder } from '@rampart/contracts';
import { QrCode } from '../../../components/ui/qr-code';
import { useApi } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { rampAssetsQueryOptions } from '../../../lib/queries/assets';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatAssetAmount } from './trade-lines';

/** A sell by deposit whose deposit has not arrived yet: the owner needs the address (and memo) to send to. */
export function awaitsDeposit(order: RampOrder): boolean {
  return (
    order.side === 'sell' &&
    order.sellDeliveryMethod === 'deposit' &&
    order.status === 'awaiting_deposit' &&
    !!order.depositAddress
  );
}

/**
 * Where to send the asset of a sell by deposit (R14; decision 030): the address with a copy button and a QR code,
 * the memo or destination tag (prominent: without it the deposit cannot be matched to the order), the amount and
 * the minimum deposit. Only the owner's view carries these (the public tracking view has none).
 */
export function DepositInstructions({ order }: { order: RampOrder }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const assets = useQuery(rampAssetsQueryOptions(api));
  const asset = assets.data?.find(
    (entry) => entry.network === order.sellNetwork && entry.assetTicker === order.sellAssetTicker,
  );
  const network = asset?.networkDisplayName ?? order.sellNetwork;
  const amount = (value: string) => formatAssetAmount(value, order.sellAssetTicker, asset?.decimals);
  const rule = isAddressNetwork(order.sellNetwork) ? NETWORK_MEMO_RULES[order.sellNetwork] : null;
  // XRPL calls it a destination tag; Stellar, BNB and DigitalBits a memo.
  const kind = rule && rule.memo !== 'none' && rule.label === 'destinationTag' ? 'tag' : 'memo';
  const address = order.depositAddress ?? '';
  return (
    <section
      aria-labelledby="deposit-heading"
      className="flex flex-col gap-4 rounded-xl border border-line p-4"
      data-testid="deposit-instructions"
    >
      <h2 id="deposit-heading" className="text-lg font-semibold text-ink">
        {t('deposit.heading', { amount: amount(order.sellAmountTotal) })}
      </h2>
      {order.depositReceived ? (
        <p role="status" className="rounded-xl bg-primary-soft p-3 text-sm text-ink" data-testid="deposit-received">
          {t('deposit.received', {
            received: amount(order.depositReceived),
            amount: amount(order.sellAmountTotal),
          })}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted">{t('deposit.intro', { asset: order.sellAssetTicker, network })}</p>

      {order.depositMemo ? (
        <div
          role="note"
          className="flex flex-col gap-2 rounded-xl border-2 border-warning bg-warning-soft p-4"
          data-testid="deposit-memo-block"
        >
          <p className="flex items-center gap-2 font-semibold text-ink">
            <AlertTriangle size={18} aria-hidden="true" className="shrink-0 text-warning" />
            {t(`deposit.${kind}.must`)}
          </p>
          <p className="text-sm text-ink">{t(`deposit.${kind}.why`)}</p>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-ink-muted">{t(`deposit.${kind}.name`)}</span>
            <code className="text-2xl font-bold break-all text-ink" data-testid="deposit-memo">
              {order.depositMemo}
            </code>
            <CopyButton value={order.depositMemo} label={t(`deposit.${kind}.copy`)} copiedLabel={t('deposit.copied')} />
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <span className="text-sm text-ink-muted">{t('deposit.address', { network })}</span>
        <code className="font-mono text-base break-all text-ink" data-testid="deposit-address">
          {address}
        </code>
        <div>
          <CopyButton value={address} label={t('deposit.copyAddress')} copiedLabel={t('deposit.copied')} />
        </div>
      </div>

      <div className="flex justify-center">
        <QrCode value={address} alt={t('deposit.qrAlt', { network })} size={192} testId="deposit-qr" />
      </div>

      {order.minimumDeposit ? (
        <p className="text-sm text-ink" data-testid="deposit-minimum">
          {t('deposit.minimum', { amount: amount(order.minimumDeposit) })}
        </p>
      ) : null}
      {order.expiresAt ? (
        <p className="text-sm text-ink-muted">{t('deposit.expires', { time: formatDateTime(order.expiresAt) })}</p>
      ) : null}
    </section>
  );
}
