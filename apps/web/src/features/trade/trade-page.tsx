import { BadgeCheck, Coins, CreditCard, HandCoins, ReceiptText, ShieldCheck, Wallet, Workflow } from 'lucide-react';
import { lazy, Suspense } from 'react';
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

const BuyPage = lazy(async () => ({ default: (await import('./buy-page')).BuyPage }));
const SummaryPage = lazy(async () => ({ default: (await import('./summary-page')).SummaryPage }));
const VerifyPage = lazy(async () => ({ default: (await import('./verify-page')).VerifyPage }));
const CompletePage = lazy(async () => ({ default: (await import('./complete-page')).CompletePage }));
const BUILT = { buy: BuyPage, summary: SummaryPage, verify: VerifyPage, complete: CompletePage } as const;

function isBuilt(page: TradePageName): page is keyof typeof BUILT {
  return page in BUILT;
}

/** The built pages in their own chunks (each loads the `trade` texts, hence the skeleton); the rest are placeholders. */
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
