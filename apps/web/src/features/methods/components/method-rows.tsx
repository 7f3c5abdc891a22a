import { AlertTriangle, CreditCard, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CARD_BRAND_LABELS,
  type BankAccount,
  type BankLogo as BankLogoData,
  type CardMethod,
} from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { bankAccountName } from '../../../lib/bank-names';
import { reauthPath } from '../paths';
import type { Removal } from '../use-methods-page';
import { BankLogo } from './bank-logo';
import { Mask } from './mask';

function RemoveButton({ label, onPress }: { label: string; onPress: () => void }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <Button variant="ghost" aria-label={label} onPress={onPress} className="shrink-0 self-end px-3 sm:self-center">
      <Trash2 size={18} aria-hidden="true" />
      {t('list.remove')}
    </Button>
  );
}

/** A linked bank on /methods: its logo, name and mask, Remove, and Re-authenticate when its login expired. */
export function BankRow({
  account,
  logo,
  onRemove,
}: {
  account: BankAccount;
  logo: BankLogoData | undefined;
  onRemove: (removal: Removal) => void;
}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const label = t('list.methodLabel', { name: bankAccountName(account), mask: account.lastDigits });
  return (
    <li data-testid="bank-method" className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <BankLogo name={account.bankName} logo={logo} />
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">{account.bankName}</p>
            <p className="text-sm text-ink-muted">
              {account.nickname} <Mask digits={account.lastDigits} />
            </p>
          </div>
        </div>
        <RemoveButton
          label={t('list.removeLabel', { method: label })}
          onPress={() => onRemove({ kind: 'bank', id: account.primetrustFundsTransferMethodId, label })}
        />
      </div>
      {account.requiresReauth ? (
        <div className="flex flex-col gap-3 rounded-lg bg-warning-soft p-3 sm:flex-row sm:items-center">
          <div className="flex flex-1 items-start gap-2">
            <AlertTriangle size={18} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
            <p className="text-sm text-ink">
              <strong className="font-semibold">{t('list.loginRequired')}</strong> {t('list.loginRequiredHelp')}
            </p>
          </div>
          <LinkButton to={reauthPath(account.primetrustFundsTransferMethodId)} variant="secondary">
            <span aria-hidden="true">{t('list.reauth')}</span>
            <span className="sr-only">{t('list.reauthLabel', { method: label })}</span>
          </LinkButton>
        </div>
      ) : null}
    </li>
  );
}

/** A saved card on /methods: its brand, mask and expiry, Remove, and a notice when it expired. */
export function CardRow({ card, onRemove }: { card: CardMethod; onRemove: (removal: Removal) => void }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const label = t('list.cardLabel', { name: card.nickname, mask: card.last4 });
  return (
    <li data-testid="card-method" className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
          >
            <CreditCard size={20} />
          </span>
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">{card.nickname}</p>
            <p className="text-sm text-ink-muted">
              {CARD_BRAND_LABELS[card.brand]} <Mask digits={card.last4} /> ·{' '}
              {t('list.expires', { expiry: card.expiry })}
            </p>
          </div>
        </div>
        <RemoveButton
          label={t('list.removeLabel', { method: label })}
          onPress={() => onRemove({ kind: 'card', id: card.fundsTransferMethodId, label })}
        />
      </div>
      {card.expired ? (
        <p className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-sm text-ink">
          <AlertTriangle size={18} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{t('list.expired')}</strong> {t('list.expiredHelp')}
          </span>
        </p>
      ) : null}
    </li>
  );
}
