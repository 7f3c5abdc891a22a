import { Ban, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { LINK_STEP_HEADINGS, useBankLink, type LinkEnding } from '../use-bank-link';
import { AccountPicker } from './account-picker';
import { BankLogo } from './bank-logo';
import { InstitutionPicker } from './institution-picker';
import { MethodRowsSkeleton } from './method-row-skeleton';

function RefusedNotice({ bank }: { bank: string }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <div
      role="alert"
      data-testid="bank-refused"
      className="flex items-start gap-3 rounded-xl border border-danger bg-danger-soft p-4"
    >
      <Ban size={20} className="mt-0.5 shrink-0 text-danger" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-danger">{t('link.refused', { bank })}</p>
        <p className="text-sm text-ink">{t('link.refusedHelp')}</p>
      </div>
    </div>
  );
}

/**
 * Link a bank: pick the institution, then one of its accounts; the bank link record is then stored as a method.
 * `onLinked` replaces the usual ending (the list updated, a toast, back to where the user came from): the wallet's
 * browser (decision 034) has no list to go back to.
 */
export function LinkFlow({ onLinked }: { onLinked?: LinkEnding } = {}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const bank = useBankLink(onLinked);
  const { link, institutions, adding } = bank;

  if (link) {
    return (
      <form className="flex flex-col gap-6" onSubmit={bank.submit}>
        <header className="flex items-center gap-4">
          <BankLogo name={link.institutionName} logo={bank.logo} size="lg" />
          <div className="min-w-0">
            <PageTitle id={LINK_STEP_HEADINGS.account}>{t('link.accountTitle')}</PageTitle>
            <p className="text-base text-ink-muted">{link.institutionName}</p>
          </div>
        </header>
        <AccountPicker
          accounts={link.accounts}
          selectedId={bank.accountId}
          onChange={bank.setAccountId}
          isDisabled={adding}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" isDisabled={adding} onPress={bank.chooseAnother}>
            {t('link.chooseAnother')}
          </Button>
          <Button type="submit" isDisabled={adding} aria-busy={adding || undefined}>
            {adding ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
            {t('link.linkAccount')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <PageTitle id={LINK_STEP_HEADINGS.banks}>{t('link.title')}</PageTitle>
        <p className="text-base text-ink-muted">{t('link.intro')}</p>
      </header>
      {bank.refused ? <RefusedNotice bank={bank.refused} /> : null}
      {bank.connecting ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('link.connecting', { bank: bank.connecting.name })}
        </p>
      ) : null}
      {institutions.isPending ? <MethodRowsSkeleton rows={4} label={t('link.loadingBanks')} /> : null}
      {institutions.isError ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger bg-danger-soft p-4">
          <p className="text-sm font-medium text-danger">
            {t('link.banksFailed', { details: bank.readError(institutions.error) })}
          </p>
          <Button variant="secondary" onPress={() => void institutions.refetch()} className="self-start">
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {institutions.data ? (
        <InstitutionPicker
          institutions={institutions.data}
          connectingId={bank.connecting?.id ?? null}
          onPick={bank.pick}
        />
      ) : null}
    </div>
  );
}
