import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';

/** An order's short tracking link (`/r/<shortId>`) as the full address to share, with a button that copies it. */
export function ShortLink({ shortId }: { shortId: string }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const url = `${window.location.origin}/r/${shortId}`;
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby="short-link-title">
      <h2 id="short-link-title" className="text-base font-semibold text-ink">
        {t('order.shortLinkTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('order.shortLinkHelp')}</p>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <code
          data-testid="short-link"
          className="min-w-0 rounded-lg bg-surface-muted px-3 py-2 text-sm break-all text-ink"
        >
          {url}
        </code>
        <CopyButton value={url} label={t('order.copyShortLink')} copiedLabel={t('deposit.copied')} />
      </div>
    </section>
  );
}
