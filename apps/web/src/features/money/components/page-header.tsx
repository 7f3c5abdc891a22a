import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONEY_PATH } from '../paths';

/** Back to /money, the page's h1 and its one-line purpose. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <header className="flex flex-col gap-2">
      <Link
        to={MONEY_PATH}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold text-primary-ink no-underline outline-none hover:underline focus-visible:outline-3 focus-visible:outline-focus"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('common.backToMoney')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="text-base text-ink-muted">{intro}</p>
    </header>
  );
}
