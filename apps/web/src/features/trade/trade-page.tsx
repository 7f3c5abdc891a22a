import { BadgeCheck, Coins, CreditCard, HandCoins, ReceiptText, ShieldCheck, Wallet, Workflow } from 'lucide-react';
import { Suspense } from 'react';
import { BuyPage } from './buy-page';
import { CompletePage } from './complete-page';
import { SummaryPage } from './summary-page';
import { VerifyPage } from './verify-page';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessageBlock } from '../../components/ui/message-block';
import { Skeleton } from '../../components/ui/skeleton';

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

const BUILT = { buy: BuyPage, summary: SummaryPage, verify: VerifyPage, complete: CompletePage } as const;

function isBuilt(page: TradePageName): page is keyof typeof BUILT {
  return page in BUILT;
}

/**
 * The built pages (this module is already its own chunk, loaded by the router; splitting each page again moved
 * react-query out of the /auth entry into a chunk of its own, about 0.7 KB more for /auth). They load the `trade`
 * texts, hence the skeleton; the rest are placeholders.
 */
export function TradePage({ page }: { page: TradePageName }) {
  if (isBuilt(page)) {
    const Page = BUILT[page];
    return (
      <Suspense fallback={<Skeleton />}>
        <Page />
      </Suspense>
    );
  }
  return <Placeholder page={page} />;
}

function Placeholder({ page }: { page: TradePageName }) {
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
