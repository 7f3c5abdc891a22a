import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetOption } from '../model/asset-options';
import { ComingSoon } from './coming-soon';

/**
 * The assets that cannot be bought (or sold) yet, with "Notify me", under /trade/buy's and /trade/sell's form: rendered
 * again only when that list changes (decision 042).
 */
export const TradeComingSoon = memo(function TradeComingSoon({
  side,
  options,
}: {
  side: 'buy' | 'sell';
  options: readonly AssetOption[];
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const names = (option: AssetOption) => ({
    asset: option.assetTickerDisplayName,
    network: option.networkDisplayName,
  });
  return (
    <ComingSoon
      options={options}
      heading={t('buy.unavailableHeading')}
      text={t(side === 'buy' ? 'buy.unavailableText' : 'sell.unavailableText')}
      nameOf={(option) => t('buy.assetOption', names(option))}
      notifyLabel={(option) => t('buy.notifyMeAbout', names(option))}
      doneMessage={(option) => t(side === 'buy' ? 'buy.notifyDone' : 'sell.notifyDone', names(option))}
    />
  );
});
