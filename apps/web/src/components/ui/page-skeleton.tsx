import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { PageHeader } from './page-header';
import { Skeleton } from './skeleton';

/**
 * The buy form's header: the same words and nodes whether the page, or the app while it loads the page, draws it.
 * Memoised: the page renders again on each read's answer, its header need not.
 */
export const BuyPageHeader = memo(function BuyPageHeader() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('pages.buy.title')} intro={t('pages.buy.intro')} backTo="/" backLabel={t('pages.backHome')} />
  );
});

/**
 * Decision 043: pages whose header the app draws while they load (the session check, the KYC check, their chunk,
 * their reads), so their largest paint (the header's intro on /trade/buy) is in the app's first paint instead of
 * after all of those. Same layout as the page's own loading state, so nothing moves when the page arrives.
 */
const EARLY_HEADERS: Array<[pattern: string, Header: ComponentType]> = [['/trade/buy', BuyPageHeader]];

/** The current page's header above a skeleton, or the plain skeleton for the other pages. */
export function PageSkeleton({ label }: { label?: string }) {
  const { pathname } = useLocation();
  const Header = EARLY_HEADERS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (!Header) return <Skeleton label={label} />;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Header />
      <Skeleton label={label} />
    </div>
  );
}
