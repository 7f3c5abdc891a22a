import { Suspense } from 'react';
import { BuyPage } from './buy-page';
import { CompletePage } from './complete-page';
import { FlowPage } from './flow-page';
import { MethodDetailPage, MethodPage } from './method-page';
import { SellPage } from './sell-page';
import { SummaryPage } from './summary-page';
import { VerifyPage } from './verify-page';
import { PageSkeleton } from '../../components/ui/page-skeleton';

/** The trade pages of document 1, section 2 (all need a Verified KYC level, R1). */
export const TRADE_PAGES = {
  buy: BuyPage,
  sell: SellPage,
  complete: CompletePage,
  flow: FlowPage,
  method: MethodPage,
  methodDetail: MethodDetailPage,
  summary: SummaryPage,
  verify: VerifyPage,
} as const;
export type TradePageName = keyof typeof TRADE_PAGES;

/**
 * The trade pages (this module is already its own chunk, loaded by the router; splitting each page again moved
 * react-query out of the /auth entry into a chunk of its own, about 0.7 KB more for /auth: decision 026). They load
 * the `trade` texts, hence the skeleton (with the page's header where the app draws it early, decision 043).
 */
export function TradePage({ page }: { page: TradePageName }) {
  const Page = TRADE_PAGES[page];
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
