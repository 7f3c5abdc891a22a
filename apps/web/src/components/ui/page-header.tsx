import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Back (to home or the previous step), the page's h1 and its one-line purpose. The shell's texts only (no feature
 * namespace), so the app can draw a page's header while the page itself is still loading (decision 043).
 */
export function PageHeader({
  title,
  intro,
  backTo,
  backLabel,
}: {
  title: string;
  intro: string;
  backTo: string;
  backLabel?: string;
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
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="text-base text-ink-muted">{intro}</p>
    </header>
  );
}
