import { useTranslation } from 'react-i18next';
import type { CapturePhase } from './use-capture-widget';

/** "40 %" in the user's language. */
function percentText(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.min(100, Math.max(0, percent)) / 100,
  );
}

/** The capture's progress: the uploads' percentage, then the submission and its end. */
export function CaptureProgress({ phase }: { phase: CapturePhase }) {
  const { t, i18n } = useTranslation('idv', { useSuspense: true });
  if (phase.name === 'uploading')
    return (
      // A plain progressbar rather than React Aria's: its ProgressBar brings a number formatter into the chunk
      // every page shares (RAC's Button imports its context), which /auth would then load (decision 026).
      <div
        role="progressbar"
        aria-labelledby="idv-upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(phase.percent)}
        aria-valuetext={percentText(phase.percent, i18n.language)}
        className="flex flex-col gap-1.5"
        data-testid="upload-progress"
      >
        <div className="flex items-center justify-between gap-3 text-sm">
          <span id="idv-upload-label" className="font-semibold text-ink">
            {t('widget.uploading')}
          </span>
          <span className="tabular-nums text-ink-muted">{percentText(phase.percent, i18n.language)}</span>
        </div>
        <div className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted ring-1 ring-line">
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${Math.min(100, Math.max(0, phase.percent))}%` }}
          />
        </div>
      </div>
    );
  if (phase.name === 'submitting' || phase.name === 'done')
    return (
      <p role="status" className="text-center text-sm font-medium text-ink-muted">
        {phase.name === 'done' ? t('widget.submitted') : t('widget.submitting')}
      </p>
    );
  return null;
}
