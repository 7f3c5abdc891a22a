import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAuthState, useAuthStore } from '../../lib/session/auth-store';
import { useKycState } from '../../lib/session/kyc-store';
import { useAccount } from '../../lib/queries/account';
import { clearSandboxAccount } from './api/clear-account';
import { createSandboxAccount } from './api/create-account';
import { useHoldings } from '../../lib/queries/holdings';
import { AccountFreeze } from './components/account-freeze';
import { BankMethodReset } from './components/bank-method-reset';
import { FundingForms } from './components/funding-forms';
import { RawJson } from './components/raw-json';
import { SettleActions } from './components/settle-actions';
import { useSandboxAction } from './use-sandbox-action';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /sandbox (document 1, section 2): the KYC status, the raw account views, and the sandbox actions: create or clear
 * the KYC account, and once it is opened, fund it, settle deposits and withdrawals, run a test sell flow, reset a
 * linked bank method, and freeze or unfreeze the account (R5).
 */
export function SandboxPage() {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const kyc = useKycState();
  const auth = useAuthStore();
  const { accountFrozen } = useAuthState();
  const account = useAccount();
  const holdings = useHoldings();
  const action = useSandboxAction();
  const opened = kyc.kycStatus === 'opened';
  const busy = action.busy !== null;

  let statusText: string;
  if (kyc.requestStatus === 'started' || kyc.requestStatus === 'not_started') statusText = t('status.loading');
  else if (kyc.requestStatus === 'failure') statusText = t('status.failed');
  else statusText = t(`status.${kyc.kycStatus}`);

  const clear = (
    <Button variant="secondary" isDisabled={busy} onPress={() => void action.run('clear', clearSandboxAccount)}>
      {t('account.clear')}
    </Button>
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('title')}</h1>
        <p className="text-base text-ink-muted">{t('intro')}</p>
      </header>

      <Section title={t('status.heading')}>
        <dl className="flex flex-wrap gap-x-2 text-base">
          <dt className="font-semibold text-ink">{t('status.label')}:</dt>
          <dd data-testid="sandbox-kyc-status" className="text-ink">
            {accountFrozen ? t('status.frozen', { status: statusText }) : statusText}
          </dd>
        </dl>
      </Section>

      <Section title={t('account.heading')}>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {opened ? (
            clear
          ) : (
            <>
              <Button
                isDisabled={busy}
                onPress={() =>
                  void action.run('createAndClear', async (api) => {
                    await clearSandboxAccount(api);
                    return createSandboxAccount(api);
                  })
                }
              >
                {t('account.createAndClear')}
              </Button>
              <Button isDisabled={busy} onPress={() => void action.run('create', createSandboxAccount)}>
                {t('account.create')}
              </Button>
              {clear}
            </>
          )}
        </div>
      </Section>

      {opened ? (
        <>
          <Section title={t('funding.heading')}>
            <FundingForms action={action} />
          </Section>
          <Section title={t('settle.heading')}>
            <SettleActions action={action} />
          </Section>
          <Section title={t('bank.heading')}>
            <BankMethodReset action={action} />
          </Section>
        </>
      ) : null}

      {/* A frozen account's status cannot be read (R5), so unfreezing is offered whenever the app knows it is frozen. */}
      {opened || accountFrozen ? (
        <Section title={t('freeze.heading')}>
          <AccountFreeze action={action} onUnfrozen={() => auth.setAccountFrozen(false)} />
        </Section>
      ) : null}

      <Section title={t('info.heading')}>
        <RawJson label={t('info.account')} data={account.data} isPending={account.isPending} error={account.error} />
        <RawJson
          label={t('info.holdings')}
          data={holdings.data}
          isPending={holdings.isPending}
          error={holdings.error}
        />
      </Section>
    </div>
  );
}
