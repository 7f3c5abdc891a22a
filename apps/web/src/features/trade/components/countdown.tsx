import { useTranslation } from 'react-i18next';

/** "4:59" from milliseconds left (never negative). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long the price is held for, on /trade/summary and /trade/verify. */
export function Countdown({ ms }: { ms: number }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  return (
    <p
      className="text-sm font-semibold text-ink"
      role="timer"
      aria-label={t('summary.expiresLabel')}
      data-testid="countdown"
    >
      {t('summary.expiresIn', { time: countdownText(ms) })}
    </p>
  );
}
