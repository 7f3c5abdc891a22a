import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  depositMethodsFor,
  expectedSettlement,
  TRANSFER_METHODS,
  type CardContribution,
  type TransferMethodKey,
} from '@rampart/contracts';
import { useFeatureFlags } from '../../lib/config';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { useSnackbar } from '../../components/ui/snackbar';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi, type ApiError } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatDate, formatDateTime, formatUsd } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { cardContributionToken } from './api/card-contribution-token';
import { deposit } from './api/deposit';
import { moneyKey } from './api/keys';
import { isWeeklyLimited, weeklyLimitQueryOptions } from './api/weekly-limit';
import { AmountLines } from './components/amount-lines';
import { BankChoice } from './components/bank-choice';
import { CardChoice } from './components/card-choice';
import { CardForm } from './components/card-form';
import { MethodChoice } from './components/method-choice';
import { PageHeader } from './components/page-header';
import { WireInstructions } from './components/wire-instructions';
import { methodName } from './method-text';
import { amountProblem, breakdown, knownFee, normaliseAmount, toCents } from './money-math';
import { DEPOSIT_PATH, MONEY_PATH } from './paths';
import { useIdempotencyKey } from './use-idempotency-key';
import { holdingsKey } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';

type FieldName = 'method' | 'fundsTransferMethodId' | 'cardMethodId' | 'amount';
type FieldErrors = Partial<Record<FieldName, string>>;

const BANK_METHODS: readonly TransferMethodKey[] = ['primex_ach', 'primex_instant_ach'];
const WIRE_METHODS: readonly TransferMethodKey[] = ['primex_fedwire', 'primex_swift_wire'];

/** "Expected by …" for a deposit started now (the catalogue's business-day calendar, document 2, section 9). */
export function useExpectedText() {
  const { t } = useTranslation('money', { useSuspense: true });
  return (method: TransferMethodKey, from = new Date()) => {
    const settlement = TRANSFER_METHODS[method].settlement;
    if (settlement.kind === 'instant') return t('deposit.expectedInstant');
    const at = expectedSettlement(method, from);
    return t('deposit.expected', { date: settlement.kind === 'hours' ? formatDateTime(at) : formatDate(at) });
  };
}

/**
 * /money/deposit (R13): ACH and instant ACH from a linked bank, a card through the hosted card form, US and
 * international wire through the wire instructions. The amount, the fee on its own line and the total are shown
 * before the user confirms (docs/design-brief.md, interface: money), and for ACH and card what is left of the
 * method's weekly limit (decision 053).
 */
export function DepositPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const expectedText = useExpectedText();
  const idempotency = useIdempotencyKey();
  // The methods the deployment's flags leave on (Plaid deposits, instant ACH, card deposit: docs/feature-flags.md).
  const depositMethods = depositMethodsFor(useFeatureFlags());
  const [method, setMethod] = useState<TransferMethodKey | null>(null);
  const [bankId, setBankId] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [card, setCard] = useState<{ formUrl: string; contributionId: string } | null>(null);

  const isBank = method !== null && BANK_METHODS.includes(method);
  const isWire = method !== null && WIRE_METHODS.includes(method);
  const isCard = method === 'primex_card';
  const lines = method ? breakdown(method, amount) : null;
  const weeklyLimit = useQuery(weeklyLimitQueryOptions(api, isWeeklyLimited(method) ? method : null));
  const weekly = isWeeklyLimited(method) ? (weeklyLimit.data ?? null) : null;
  const overWeekly = (remaining: string) => t('messages.weeklyLimitExceeded', { amount: formatUsd(remaining) });

  const done = (amountText: string, chosen: TransferMethodKey) => {
    snackbar.show({
      message: t('deposit.started', {
        amount: formatUsd(amountText),
        method: methodName(t, chosen),
        expected: expectedText(chosen),
      }),
      severity: 'success',
    });
    void queryClient.invalidateQueries({ queryKey: moneyKey });
    void queryClient.invalidateQueries({ queryKey: holdingsKey });
    void queryClient.invalidateQueries({ queryKey: limitsKey });
    void navigate(MONEY_PATH);
  };

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) {
      snackbar.show({ message: t('errors.unexpected'), severity: 'error' });
      return;
    }
    if ((error as ApiError).code === 'trade_limit_exceeded') {
      // The limit moved since the page read it (another deposit or a buy): read it again and say what is left.
      void weeklyLimit
        .refetch()
        .then(({ data }) =>
          setErrors({ amount: data ? overWeekly(data.remaining) : serverText.ofError(error as ApiError) }),
        );
      return;
    }
    const fields = Object.fromEntries(
      Object.keys((error as ApiError).fields)
        .map(
          (field) =>
            [
              field === 'fundsTransferMethodId' && isCard ? 'cardMethodId' : field,
              serverText.ofField(error as ApiError, field) ?? '',
            ] as const,
        )
        .filter(([field]) => ['method', 'fundsTransferMethodId', 'cardMethodId', 'amount'].includes(field)),
    ) as FieldErrors;
    if (Object.keys(fields).length > 0) setErrors(fields);
    else snackbar.show({ message: serverText.ofError(error as ApiError), severity: 'error' });
  };

  const validate = (): FieldErrors => {
    const next: FieldErrors = {};
    if (method === null) next.method = t('messages.methodRequired');
    if (isBank && !bankId) next.fundsTransferMethodId = t('messages.selectMethod');
    if (isCard && !cardId) next.cardMethodId = t('messages.selectMethod');
    const problem = amountProblem(amount);
    if (problem) next.amount = t(`messages.${problem}`, { n: 2 });
    else if (weekly && (toCents(amount) ?? 0n) > (toCents(weekly.remaining) ?? 0n))
      next.amount = overWeekly(weekly.remaining);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isWire) return;
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0 || method === null) return;
    const sent = normaliseAmount(amount);
    setSubmitting(true);
    try {
      if (isCard && cardId) {
        const body = { fundsTransferMethodId: cardId, amount: sent, lang: currentLanguage() };
        const reply = await cardContributionToken(api, body, idempotency.keyFor(body));
        setCard({ formUrl: reply.formUrl, contributionId: reply.contribution.contributionId });
      } else if (bankId) {
        const body = { method, amount: sent, fundsTransferMethodId: bankId };
        await deposit(api, body, idempotency.keyFor(body));
        idempotency.reset();
        done(sent, method);
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (card && method === 'primex_card') {
    return (
      <div className="flex min-w-0 flex-col gap-6">
        {/* The hosted form shows the card, the deposit, the fee and the total itself (decision 017). */}
        <PageHeader title={t('card.title')} intro={t('card.intro')} />
        <CardForm
          formUrl={card.formUrl}
          contributionId={card.contributionId}
          onCompleted={(contribution: CardContribution) => {
            idempotency.reset();
            done(contribution.amount, 'primex_card');
          }}
          onCancelled={() => {
            idempotency.reset();
            setCard(null);
          }}
        />
      </div>
    );
  }

  const amountCents = toCents(amount);
  const wireBelowFee = isWire && lines !== null && amountCents !== null && amountCents <= lines.fee;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('deposit.title')} intro={t('deposit.intro')} />
      <MethodChoice
        label={t('deposit.methodLabel')}
        methods={depositMethods}
        value={method}
        onChange={(key) => {
          setMethod(key);
          setErrors({});
        }}
        error={errors.method}
      />

      {isBank ? (
        <BankChoice
          label={t('banks.fromLabel')}
          value={bankId}
          onChange={setBankId}
          error={errors.fundsTransferMethodId}
          returnTo={DEPOSIT_PATH}
        />
      ) : null}
      {isCard ? (
        <CardChoice value={cardId} onChange={setCardId} error={errors.cardMethodId} returnTo={DEPOSIT_PATH} />
      ) : null}
      {isWire ? <WireInstructions international={method === 'primex_swift_wire'} /> : null}

      {method !== null ? (
        <>
          <TextField
            name="amount"
            label={t(isWire ? 'deposit.wireAmountLabel' : 'deposit.amountLabel')}
            description={isWire ? t('deposit.wireAmountHelp') : undefined}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount ?? (wireBelowFee ? t('messages.amountBelowFee') : null)}
          />
          <AmountLines
            testId="deposit-lines"
            lines={
              isWire
                ? [
                    { label: t('breakdown.youSend'), cents: lines?.amount ?? null },
                    {
                      label: t('breakdown.fee', { method: methodName(t, method) }),
                      cents: lines?.fee ?? knownFee(method),
                    },
                    {
                      label: t('breakdown.toBalance'),
                      cents: lines && !wireBelowFee ? lines.amount - lines.fee : null,
                      total: true,
                    },
                  ]
                : [
                    { label: t('breakdown.toBalance'), cents: lines?.amount ?? null },
                    {
                      label: t('breakdown.fee', { method: methodName(t, method) }),
                      cents: lines?.fee ?? knownFee(method),
                    },
                    {
                      label: t(isCard ? 'breakdown.totalCard' : 'breakdown.totalBank'),
                      cents: lines?.total ?? null,
                      total: true,
                    },
                  ]
            }
          />
          <p className="text-sm text-ink-muted" data-testid="expected">
            {isWire
              ? t('deposit.expectedWire', { settlement: t(`settlements.${TRANSFER_METHODS[method].settlementText}`) })
              : expectedText(method)}
          </p>
          {weekly ? (
            <p className="text-sm text-ink-muted" data-testid="limit-remaining">
              {t('deposit.limitRemaining', {
                amount: formatUsd(weekly.remaining),
                limit: formatUsd(weekly.limit),
                method: methodName(t, method),
              })}
            </p>
          ) : null}
        </>
      ) : null}

      {isWire ? (
        <LinkButton to={MONEY_PATH} fullWidth>
          {t('deposit.wireDone')}
        </LinkButton>
      ) : (
        <Button type="submit" fullWidth isDisabled={submitting || method === null}>
          {t(isCard ? 'deposit.continueToCard' : 'deposit.submit')}
        </Button>
      )}
    </form>
  );
}
