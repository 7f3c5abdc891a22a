import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useSandboxBankMethods } from '../api/bank-methods';
import { resetBankMethod } from '../api/reset-bank-method';
import type { useSandboxAction } from '../use-sandbox-action';
import { bankAccountName } from '../../../lib/bank-names';

const FIELD = 'fundsTransferMethodId';

/** The linked bank methods and Reset (document 1, section 2): a method must be chosen first (document 2, section 5). */
export function BankMethodReset({ action }: { action: ReturnType<typeof useSandboxAction> }) {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const serverText = useServerText();
  const methods = useSandboxBankMethods();
  const selectId = useId();
  const [methodId, setMethodId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const accounts = methods.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (methodId === '') {
      setError(t('bank.selectMethod'));
      return;
    }
    setError(null);
    void action.run('reset', (api) => resetBankMethod(api, methodId), {
      failureText: (details) => t('bank.resetFailed', { details }),
    });
  };

  let status: string | null = null;
  if (methods.isPending) status = t('bank.loading');
  else if (methods.error)
    status = t('bank.failed', {
      details: isApiError(methods.error) ? serverText.ofError(methods.error) : t('errors.unexpected'),
    });
  else if (accounts.length === 0) status = t('bank.none');

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col">
        <label htmlFor={selectId} className="mb-1.5 text-sm font-semibold text-ink">
          {t('bank.method')}
        </label>
        <select
          id={selectId}
          name={FIELD}
          value={methodId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(FIELD) : undefined}
          onChange={(event) => {
            setMethodId(event.target.value);
            if (event.target.value !== '') setError(null);
          }}
          className={[
            'min-h-11 w-full min-w-0 rounded-xl border bg-surface px-3.5 py-2.5 text-base text-ink',
            'outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-focus',
            error ? 'border-danger' : 'border-line-strong',
          ].join(' ')}
        >
          <option value="">{t('bank.choose')}</option>
          {accounts.map((account) => (
            <option key={account.primetrustFundsTransferMethodId} value={account.primetrustFundsTransferMethodId}>
              {`${bankAccountName(account)} ••••${account.lastDigits}`}
            </option>
          ))}
        </select>
        <FieldError field={FIELD} message={error} />
        {status ? <p className="mt-1.5 text-sm text-ink-muted">{status}</p> : null}
      </div>
      <Button type="submit" variant="secondary" isDisabled={action.busy !== null} className="self-start">
        {t('bank.reset')}
      </Button>
    </form>
  );
}
