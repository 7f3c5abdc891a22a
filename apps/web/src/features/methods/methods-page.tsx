import { Landmark, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LinkButton } from '../../components/ui/link-button';
import { PageHeader } from '../../components/ui/page-header';
import { MethodRowsSkeleton } from './components/method-row-skeleton';
import { BankRow, CardRow } from './components/method-rows';
import { LoadError, MethodsSection } from './components/methods-section';
import { BANK_LINK_PATH, CARD_PATH } from './paths';
import { useMethodsPage } from './use-methods-page';

/**
 * /methods: the user's linked banks and cards, each removable after a confirmation; a bank whose login expired offers
 * Re-authenticate (decision 013, field ItemRequiredLogin). Link a bank and Add a card lead to their screens; with no
 * method at all the page says to link a bank first.
 */
export function MethodsPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const page = useMethodsPage();
  const { banks, cards, bankList, cardList, removal } = page;
  const unexpected = t('errors.unexpected');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('list.title')} intro={t('list.intro')} backTo="/" />

      {page.empty ? (
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
              {t('list.cardsUnavailable', { details: page.readError(cards.error, unexpected) })}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <MethodsSection title={t('list.banks')}>
            {banks.isPending ? <MethodRowsSkeleton label={t('list.loadingBanks')} /> : null}
            {banks.isError ? (
              <LoadError
                text={t('list.banksFailed', { details: page.readError(banks.error, unexpected) })}
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
                    logo={page.logos.get(account.institutionId)}
                    onRemove={page.askRemoval}
                  />
                ))}
              </ul>
            ) : null}
          </MethodsSection>

          <MethodsSection title={t('list.cards')}>
            {cards.isPending ? <MethodRowsSkeleton rows={1} label={t('list.loadingCards')} /> : null}
            {cards.isError ? (
              <LoadError
                text={t('list.cardsUnavailable', { details: page.readError(cards.error, unexpected) })}
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
                  <CardRow key={card.fundsTransferMethodId} card={card} onRemove={page.askRemoval} />
                ))}
              </ul>
            ) : null}
          </MethodsSection>
        </>
      )}

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

      <ConfirmDialog
        isOpen={removal !== null}
        title={t(removal?.kind === 'card' ? 'remove.cardTitle' : 'remove.bankTitle')}
        message={t(removal?.kind === 'card' ? 'remove.cardMessage' : 'remove.bankMessage', {
          method: removal?.label ?? '',
        })}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('remove.cancel')}
        isPending={page.removing}
        onConfirm={page.confirmRemoval}
        onCancel={page.cancelRemoval}
      />
    </div>
  );
}
