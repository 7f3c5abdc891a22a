import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

/**
 * Back (to home or the previous step), the page's h1 and its one-line purpose. The shell's texts only (no feature
 * namespace), so the app can draw a page's header while the page itself is still loading (decision 043). The h1 can
 * take focus (tabIndex -1): when a step of the page goes back to it (`headingId`, for `useStepFocus`), and when a step
 * on another page ends here (`useFocusOnArrival`).
 */
export function PageHeader({
  title,
  intro,
  backTo,
  backLabel,
  headingId,
}: {
  title: string;
  intro: string;
  backTo: string;
  backLabel?: string;
  headingId?: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-2">
      <Link
        to={backTo}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold text-primary-ink no-underline outline-none hover:underline focus-visible:outline-3 focus-visible:outline-focus"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {backLabel ?? t('common.back')}
      </Link>
      <PageTitle id={headingId}>{title}</PageTitle>
      <p className="text-base text-ink-muted">{intro}</p>
    </header>
  );
}
