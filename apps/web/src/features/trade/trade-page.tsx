import { BadgeCheck, Coins, CreditCard, HandCoins, ReceiptText, ShieldCheck, Wallet, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessageBlock } from '../../components/ui/message-block';

/** The trade pages of document 1, section 2 (all need a Verified KYC level, R1). */
export const TRADE_PAGES = {
  buy: Coins,
  sell: HandCoins,
  complete: BadgeCheck,
  flow: Workflow,
  method: Wallet,
  methodDetail: CreditCard,
  summary: ReceiptText,
  verify: ShieldCheck,
} as const;
export type TradePageName = keyof typeof TRADE_PAGES;

export function TradePage({ page }: { page: TradePageName }) {
  const { t } = useTranslation();
  const { tradeMethod } = useParams();
  const Icon = TRADE_PAGES[page];
  return (
    <MessageBlock
      icon={<Icon size={30} />}
      title={t(`trade.${page}.title`)}
      message={t(`trade.${page}.description`)}
      help={page === 'methodDetail' && tradeMethod ? t('trade.methodDetail.method', { method: tradeMethod }) : undefined}
    />
  );
}
