import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Why the identity service asked for new photos, above the phone entry or the widget. */
export function ResubmitNotice({ reason }: { reason: string }) {
  const { t } = useTranslation('idv', { useSuspense: true });
  return (
    <div
      role="status"
      data-testid="idv-resubmit"
      className="flex items-start gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-ink"
    >
      <RotateCcw className="mt-0.5 shrink-0 text-warning" size={22} aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('resubmit.title')}</p>
        <p className="text-sm leading-relaxed">{reason}</p>
      </div>
    </div>
  );
}
