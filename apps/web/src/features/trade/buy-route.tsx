import { Suspense } from 'react';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { BuyPage } from './buy-page';

/**
 * /trade/buy on its own (decision 043): a chunk with the buy form and what it needs (vite.config.ts), without the
 * other trade pages' dependencies (the QR code, dialogs, the identity rules), so the page opened first evaluates less.
 * It loads the `trade` texts, hence the skeleton under the header the app already draws.
 */
export function BuyRoute() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <BuyPage />
    </Suspense>
  );
}
