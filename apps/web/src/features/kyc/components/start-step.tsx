import { Camera, FileSignature, House, IdCard, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';
import type { KycStepPath } from '../kyc-steps';

/** START_KYC: why and what it takes; the first KYC screen says that users are legally required to verify (R19). */
export function StartStep({ next, resuming }: { next: KycStepPath; resuming: boolean }) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const items = [
    { icon: IdCard, text: t('start.details') },
    { icon: House, text: t('start.address') },
    { icon: Camera, text: t('start.document') },
    { icon: FileSignature, text: t('start.agreement') },
  ];
  return (
    <section className="flex flex-col">
      <div
        className="mb-5 flex h-16 w-16 items-center justify-center self-center rounded-full bg-primary-soft text-primary-ink"
        aria-hidden="true"
      >
        <ShieldCheck size={32} />
      </div>
      <h1 className="text-center text-2xl font-bold tracking-tight text-ink text-balance">{t('title')}</h1>
      <p className="mt-3 text-center text-base font-medium text-ink" data-testid="kyc-legal">
        {t('legal')}
      </p>
      <p className="mt-2 text-center text-base text-ink-muted text-pretty">{t('description')}</p>
      <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-ink-muted">{t('start.heading')}</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 rounded-xl bg-surface-muted px-4 py-3 text-ink">
            <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-primary-ink" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <LinkButton to={`/kyc/${next}`} fullWidth>
          {resuming ? t('start.continue') : t('start.begin')}
        </LinkButton>
      </div>
    </section>
  );
}
