import { useId, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, Landmark, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CARD_BRAND_LABELS,
  type BankAccount,
  type BankLogo as BankLogoData,
  type CardMethod,
} from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { bankAccountName } from '../../lib/bank-names';
import { LinkButton } from '../../components/ui/link-button';
import { useSnackbar } from '../../components/ui/snackbar';
import { errorText, isApiError, useApi } from '../../lib/api';
import { banksKey, useBanks } from '../../lib/queries/banks';
import { cardsKey, useCards } from '../../lib/queries/cards';
import { useInstitutions } from './api/institutions';
import { methodsKey } from './api/keys';
import { removeBankAccount } from './api/remove-bank-account';
import { removeCardMethod } from './api/remove-card-method';
import { BankLogo } from './components/bank-logo';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Mask } from './components/mask';
import { MethodRowsSkeleton } from './components/method-row-skeleton';
import { BANK_LINK_PATH, CARD_PATH, reauthPath } from './paths';
import { useAction } from './use-action';

interface Removal {
  kind: 'bank' | 'card';
  id: string;
  /** "First Platypus Bank Checking ending in 0000": what the dialog names. */
  label: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list that could not be read: what happened and a way to try again. */
function LoadError({ text, onRetry, retryLabel }: { text: string; onRetry: () => void; retryLabel: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-danger bg-danger-soft p-4 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm font-medium text-danger">{text}</p>
      <Button variant="secondary" onPress={onRetry} className="self-start sm:self-auto">
        <RotateCw size={18} aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}

function RemoveButton({ label, onPress }: { label: string; onPress: () => void }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <Button variant="ghost" aria-label={label} onPress={onPress} className="shrink-0 self-end px-3 sm:self-center">
      <Trash2 size={18} aria-hidden="true" />
      {t('list.remove')}
    </Button>
  );
}

function BankRow({
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

function CardRow({ card, onRemove }: { card: CardMethod; onRemove: (removal: Removal) => void }) {
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

class RemovalError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

function readError(error: unknown, fallback: string): string {
  if (error instanceof RemovalError) return error.message;
  return isApiError(error) ? errorText(error) : fallback;
}

/**
 * /methods: the user's linked banks and cards, each removable after a confirmation; a bank whose login expired offers
 * Re-authenticate (decision 013, field ItemRequiredLogin). Link a bank and Add a card lead to their screens; with no
 * method at all the page says to link a bank first.
 */
export function MethodsPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const banks = useBanks();
  const cards = useCards();
  const institutions = useInstitutions();
  const [removal, setRemoval] = useState<Removal | null>(null);

  const logos = useMemo(
    () => new Map((institutions.data ?? []).map((institution) => [institution.id, institution.logo])),
    [institutions.data],
  );

  const remove = useAction(
    async (target: Removal) => {
      if (target.kind === 'bank') return removeBankAccount(api, target.id);
      const reply = await removeCardMethod(api, target.id);
      // Document 2, section 8: a removal whose reply carries errors.errors shows them.
      if (reply.errors.errors.length > 0) throw new RemovalError(reply.errors.errors);
      return reply;
    },
    {
      onSuccess: (_reply, target) =>
        snackbar.show({
          message: t(target.kind === 'bank' ? 'remove.bankRemoved' : 'remove.cardRemoved', { method: target.label }),
          severity: 'success',
        }),
      // Document 2, section 8: a removal that answers errors shows them.
      onError: (error) => snackbar.show({ message: readError(error, t('errors.unexpected')), severity: 'error' }),
      onSettled: () => {
        // The dialog closes either way: while a modal is open the rest of the page (the snackbar too) is hidden from
        // assistive technology, and the toast must be heard.
        setRemoval(null);
        void queryClient.invalidateQueries({ queryKey: methodsKey });
        void queryClient.invalidateQueries({ queryKey: banksKey });
        void queryClient.invalidateQueries({ queryKey: cardsKey });
      },
    },
  );

  const bankList = banks.data ?? [];
  const cardList = cards.data?.methods ?? [];
  const empty =
    banks.isSuccess && bankList.length === 0 && (cards.isError || (cards.isSuccess && cardList.length === 0));

  const actions = (
    <div className="flex flex-col gap-3">
      <LinkButton to={BANK_LINK_PATH} fullWidth>
        <Landmark size={18} aria-hidden="true" />
        {t('actions.linkBank')}
      </LinkButton>
      <LinkButton to={CARD_PATH} variant="secondary" fullWidth>
        <Plus size={18} aria-hidden="true" />
        {t('actions.addCard')}
      </LinkButton>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('list.title')} intro={t('list.intro')} backTo="/" />

      {empty ? (
        <div
          data-testid="methods-empty"
          className="flex flex-col items-center gap-2 rounded-xl bg-surface-muted px-4 py-6 text-center"
        >
          <span
            aria-hidden="true"
            className="mb-2 flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
          >
            <Landmark size={28} />
          </span>
          <h2 className="text-lg font-semibold text-ink">{t('empty.title')}</h2>
          <p className="text-base text-ink-muted text-pretty">{t('empty.message')}</p>
          {cards.isError ? (
            <p className="text-sm text-ink-muted">
              {t('list.cardsUnavailable', { details: readError(cards.error, t('errors.unexpected')) })}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <Section title={t('list.banks')}>
            {banks.isPending ? <MethodRowsSkeleton label={t('list.loadingBanks')} /> : null}
            {banks.isError ? (
              <LoadError
                text={t('list.banksFailed', { details: readError(banks.error, t('errors.unexpected')) })}
                onRetry={() => void banks.refetch()}
                retryLabel={t('list.retry')}
              />
            ) : null}
            {banks.isSuccess && bankList.length === 0 ? (
              <p className="text-base text-ink-muted">{t('list.noBanks')}</p>
            ) : null}
            {bankList.length > 0 ? (
              <ul className="flex flex-col gap-3">
                {bankList.map((account) => (
                  <BankRow
                    key={account.primetrustFundsTransferMethodId}
                    account={account}
                    logo={logos.get(account.institutionId)}
                    onRemove={setRemoval}
                  />
                ))}
              </ul>
            ) : null}
          </Section>

          <Section title={t('list.cards')}>
            {cards.isPending ? <MethodRowsSkeleton rows={1} label={t('list.loadingCards')} /> : null}
            {cards.isError ? (
              <LoadError
                text={t('list.cardsUnavailable', { details: readError(cards.error, t('errors.unexpected')) })}
                onRetry={() => void cards.refetch()}
                retryLabel={t('list.retry')}
              />
            ) : null}
            {cards.isSuccess && cardList.length === 0 ? (
              <p className="text-base text-ink-muted">{t('list.noCards')}</p>
            ) : null}
            {cardList.length > 0 ? (
              <ul className="flex flex-col gap-3">
                {cardList.map((card) => (
                  <CardRow key={card.fundsTransferMethodId} card={card} onRemove={setRemoval} />
                ))}
              </ul>
            ) : null}
          </Section>
        </>
      )}

      {actions}

      <ConfirmDialog
        isOpen={removal !== null}
        title={t(removal?.kind === 'card' ? 'remove.cardTitle' : 'remove.bankTitle')}
        message={t(removal?.kind === 'card' ? 'remove.cardMessage' : 'remove.bankMessage', {
          method: removal?.label ?? '',
        })}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('remove.cancel')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (removal) remove.mutate(removal);
        }}
        onCancel={() => setRemoval(null)}
      />
    </div>
  );
}
