import { useEffect } from 'react';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useBanks } from '../../../lib/queries/banks';
import { linkBankPath } from '../paths';
import { ChoiceGroup } from './choice-group';
import { nicknameWithoutBank } from '../../../lib/bank-names';

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

/**
 * The linked bank an ACH transfer moves through (only plaid methods, document 2, section 5). None yet: a link to the
 * bank-link screen, which comes back here. A bank that needs its login again cannot be chosen until re-linked.
 */
export function BankChoice(props: {
  label: string;
  value: string | null;
  onChange(id: string): void;
  error?: string | null;
  returnTo: string;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  const serverText = useServerText();
  const banks = useBanks();
  const usableBanks = banks.data?.filter((bank) => !bank.requiresReauth);
  const onlyBank = usableBanks?.length === 1 ? usableBanks[0]?.primetrustFundsTransferMethodId : undefined;
  const { value, onChange } = props;
  // One linked bank that can be used: it is the choice (decision 055).
  useEffect(() => {
    if (value === null && onlyBank !== undefined) onChange(onlyBank);
  }, [value, onlyBank, onChange]);

  if (banks.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">{t('banks.loading')}</span>
        <Bar className="h-4 w-28" />
        <Bar className="h-14 w-full rounded-xl" />
      </div>
    );
  }
  if (banks.error) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
        {t('banks.failed', {
          details: isApiError(banks.error) ? serverText.ofError(banks.error) : t('errors.unexpected'),
        })}
      </p>
    );
  }
  const usable = banks.data.filter((bank) => !bank.requiresReauth);
  if (usable.length === 0) {
    return (
      <div
        data-testid="no-bank"
        className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line-strong p-4"
      >
        <p className="flex items-center gap-2 font-semibold text-ink">
          <Landmark size={18} aria-hidden="true" />
          {t(banks.data.length === 0 ? 'banks.noneTitle' : 'banks.reauthTitle')}
        </p>
        <p className="text-sm text-ink-muted">{t(banks.data.length === 0 ? 'banks.noneText' : 'banks.reauthText')}</p>
        <LinkButton to={linkBankPath(props.returnTo)} variant="secondary">
          {t('banks.link')}
        </LinkButton>
      </div>
    );
  }
  return (
    <ChoiceGroup
      label={props.label}
      name="fundsTransferMethodId"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      choices={usable.map((bank) => ({
        value: bank.primetrustFundsTransferMethodId,
        label: bank.bankName,
        detail: [nicknameWithoutBank(bank), `••••${bank.lastDigits}`].filter(Boolean).join(' '),
      }))}
    />
  );
}
