import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { KYC_LEVELS } from '@rampart/contracts';
import { LinkButton } from '../../../components/ui/link-button';
import { formatUsd } from '../../../lib/format';
import { kycLevelFromState, useKycState } from '../../../lib/session/kyc-store';
import { useHoldings } from '../../../lib/queries/holdings';
import { MONEY_PATH } from '../paths';

function Balance() {
  const { t } = useTranslation('money', { useSuspense: true });
  const holdings = useHoldings();
  return (
    <section aria-labelledby="home-balance-heading" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
        >
          <Wallet size={20} />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id="home-balance-heading" className="text-sm font-semibold text-ink-muted">
            {t('home.heading')}
          </h2>
          {holdings.data ? (
            <p className="text-2xl font-bold text-ink tabular-nums" data-testid="home-balance">
              {formatUsd(holdings.data.available)}
            </p>
          ) : holdings.isPending ? (
            <span role="status" className="mt-1 h-7 w-28 animate-shimmer rounded-lg bg-surface-muted">
              <span className="sr-only">{t('balance.loading')}</span>
            </span>
          ) : (
            <p className="text-sm text-ink-muted">{t('home.unavailable')}</p>
          )}
        </div>
      </div>
      <LinkButton to={MONEY_PATH} variant="secondary" fullWidth>
        {t('home.open')}
      </LinkButton>
    </section>
  );
}

/** The home page's balance summary and its way to /money, for Verified users only (the money routes need it, R1). */
export function HomeBalance() {
  const kyc = useKycState();
  const level = kycLevelFromState(kyc);
  if (level === undefined || level === null || level < KYC_LEVELS.Verified) return null;
  return <Balance />;
}
