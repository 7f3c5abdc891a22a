import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';

export interface RawJsonProps {
  label: string;
  data: unknown;
  isPending: boolean;
  error: unknown;
}

/** A reply as formatted JSON in a labelled region the keyboard can reach: its lines wrap inside the box, which scrolls when tall. */
export function RawJson({ label, data, isPending, error }: RawJsonProps) {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const serverText = useServerText();
  const headingId = useId();
  let text: string;
  if (isPending) text = t('info.loading');
  else if (error)
    text = t('info.failed', { details: isApiError(error) ? serverText.ofError(error) : t('errors.unexpected') });
  else text = JSON.stringify(data ?? null, null, 2);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <h3 id={headingId} className="text-sm font-semibold break-words text-ink">
        {label}
      </h3>
      <pre
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-xl bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-ink outline-none focus-visible:outline-3 focus-visible:outline-focus"
      >
        {text}
      </pre>
    </div>
  );
}
