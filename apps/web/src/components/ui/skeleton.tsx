import { useTranslation } from 'react-i18next';

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

/**
 * The placeholder shown while the auth check or the KYC check is loading (document 1), in the shape
 * of a page: a heading, a few lines and a primary action.
 */
export function Skeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-live="polite" data-testid="skeleton" className="flex flex-col gap-4 py-2">
      <span className="sr-only">{label ?? t('app.loading')}</span>
      <Bar className="h-12 w-12 rounded-full" />
      <Bar className="h-7 w-3/4" />
      <Bar className="h-4 w-full" />
      <Bar className="h-4 w-5/6" />
      <Bar className="mt-4 h-11 w-full rounded-xl" />
    </div>
  );
}
