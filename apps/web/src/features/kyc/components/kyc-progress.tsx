import { useTranslation } from 'react-i18next';
import { KYC_PROGRESS_STEPS } from '../kyc-flow';
import type { KycStepPath } from '../kyc-steps';

/**
 * "Step 2 of 4" with the names of the steps: where the user is in the flow (docs/design-brief.md, interface: know
 * where they are).
 */
export function KycProgress({ step }: { step: (typeof KYC_PROGRESS_STEPS)[number] }) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const index = KYC_PROGRESS_STEPS.indexOf(step);
  return (
    <nav aria-label={t('progressLabel')} className="mb-6">
      <p className="mb-2 text-sm font-medium text-ink-muted">
        {t('progress', { current: index + 1, total: KYC_PROGRESS_STEPS.length })}
      </p>
      <ol className="grid grid-cols-4 gap-1.5">
        {KYC_PROGRESS_STEPS.map((name: KycStepPath, i) => (
          <li key={name} aria-current={i === index ? 'step' : undefined} className="flex flex-col gap-1">
            <span
              aria-hidden="true"
              className={['h-1.5 rounded-full', i <= index ? 'bg-primary' : 'bg-surface-muted'].join(' ')}
            />
            <span
              className={[
                'text-xs leading-tight break-words',
                i === index ? 'font-semibold text-ink' : 'text-ink-muted',
              ].join(' ')}
            >
              {t(`steps.${name}`)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
