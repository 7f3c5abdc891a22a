import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { BankChoice } from './components/bank-choice';
import { CardChoice } from './components/card-choice';
import { CardForm } from './components/card-form';
import { DepositAmount } from './components/deposit-amount';
import { MethodChoice } from './components/method-choice';
import { PageHeader } from './components/page-header';
import { WireInstructions } from './components/wire-instructions';
import { DEPOSIT_PATH, MONEY_PATH } from './paths';
import { useDepositForm } from './use-deposit-form';

/**
 * /money/deposit (R13): ACH and instant ACH from a linked bank, a card through the hosted card form, US and
 * international wire through the wire instructions. The amount, the fee on its own line and the total are shown
 * before the user confirms (docs/design-brief.md, interface: money), and for ACH and card what is left of the
 * method's weekly limit (decision 053).
 */
export function DepositPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const form = useDepositForm();
  const { method, errors, isWire, isCard } = form;

  if (form.card) {
    return (
      <div className="flex min-w-0 flex-col gap-6">
        {/* The hosted form shows the card, the deposit, the fee and the total itself (decision 017). */}
        <PageHeader title={t('card.title')} intro={t('card.intro')} />
        <CardForm
          formUrl={form.card.formUrl}
          contributionId={form.card.contributionId}
          onCompleted={form.cardCompleted}
          onCancelled={form.cardCancelled}
        />
      </div>
    );
  }

  return (
    <form onSubmit={form.submit} noValidate className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('deposit.title')} intro={t('deposit.intro')} />
      <MethodChoice
        label={t('deposit.methodLabel')}
        methods={form.methods}
        value={method}
        onChange={form.chooseMethod}
        error={errors.method}
      />

      {form.isBank ? (
        <BankChoice
          label={t('banks.fromLabel')}
          value={form.bankId}
          onChange={form.setBankId}
          error={errors.fundsTransferMethodId}
          returnTo={DEPOSIT_PATH}
        />
      ) : null}
      {isCard ? (
        <CardChoice value={form.cardId} onChange={form.setCardId} error={errors.cardMethodId} returnTo={DEPOSIT_PATH} />
      ) : null}
      {isWire ? <WireInstructions international={method === 'primex_swift_wire'} /> : null}

      <DepositAmount form={form} />

      {isWire ? (
        <LinkButton to={MONEY_PATH} fullWidth>
          {t('deposit.wireDone')}
        </LinkButton>
      ) : (
        <Button type="submit" fullWidth isDisabled={form.submitting || method === null}>
          {t(isCard ? 'deposit.continueToCard' : 'deposit.submit')}
        </Button>
      )}
    </form>
  );
}
