import type { ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/ui/link-button';

/** `/`: the user's next step first (the KYC status until verified), then the balance, a quick trade, assets and recent orders. */
export function HomePage({
  kycStatus,
  balance,
  trade,
}: {
  kycStatus: ReactNode;
  balance?: ReactNode;
  trade?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('home.title')}</h1>
        <p className="mt-2 text-base text-ink-muted">{t('home.description')}</p>
      </div>
      {kycStatus}
      {balance}
      {trade}
      <LinkButton to="/methods" variant="secondary">
        <CreditCard size={18} aria-hidden="true" />
        {t('home.methods')}
      </LinkButton>
    </section>
  );
}
