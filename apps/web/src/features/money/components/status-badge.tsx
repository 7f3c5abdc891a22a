import type { TransferStatus } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';

const TONES: Record<TransferStatus, string> = {
  pending: 'bg-warning-soft text-warning',
  settled: 'bg-success-soft text-success',
  cancelled: 'bg-surface-muted text-ink-muted',
  reversed: 'bg-danger-soft text-danger',
};

/** A transfer's state as a coloured label; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <span
      data-testid="transfer-status"
      className={['inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[status]].join(' ')}
    >
      {t(`status.${status}`)}
    </span>
  );
}
