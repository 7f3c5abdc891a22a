import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  depositMethodsFor,
  expectedSettlement,
  isWeeklyLimited,
  TRANSFER_METHODS,
  type CardContribution,
  type TransferMethodKey,
} from '@rampart/contracts';
import { useSnackbar } from '../../components/ui/snackbar';
import { useApi } from '../../lib/api';
import { useFeatureFlags } from '../../lib/config';
import { formatDate, formatDateTime, formatUsd } from '../../lib/format';
import { useForm, type FieldErrors } from '../../lib/forms/use-form';
import { currentLanguage } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import { FOCUS_HEADING_ON_ARRIVAL } from '../../lib/step-focus';
import { cardContributionToken } from './api/card-contribution-token';
import { deposit } from './api/deposit';
import { weeklyLimitQueryOptions } from './api/weekly-limit';
import { methodName } from './method-text';
import { amountProblem, breakdown, normaliseAmount, toCents } from './money-math';
import { MONEY_PATH } from './paths';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRefreshMoney } from './use-refresh-money';

export type DepositField = 'method' | 'fundsTransferMethodId' | 'cardMethodId' | 'amount';
const FIELDS: readonly DepositField[] = ['method', 'fundsTransferMethodId', 'cardMethodId', 'amount'];

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
 * The deposit form's state (docs/decisions/082-pages-as-layout.md): the method, the bank or card, the amount, the
 * fee lines and what is left of the method's weekly limit (decision 053), the local check, and the command: a bank
 * deposit, or the hosted card form's token for a card (decision 017).
 */
export function useDepositForm() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const expectedText = useExpectedText();
  const refreshMoney = useRefreshMoney();
  const idempotency = useIdempotencyKey();
  // The methods the deployment's flags leave on (Plaid deposits, instant ACH, card deposit: docs/feature-flags.md).
  const methods = depositMethodsFor(useFeatureFlags());
  const [method, setMethod] = useState<TransferMethodKey | null>(null);
  const [bankId, setBankId] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState<{ formUrl: string; contributionId: string } | null>(null);

  const isBank = method !== null && BANK_METHODS.includes(method);
  const isWire = method !== null && WIRE_METHODS.includes(method);
  const isCard = method === 'primex_card';
  const lines = method ? breakdown(method, amount) : null;
  const weeklyLimit = useQuery(weeklyLimitQueryOptions(api, isWeeklyLimited(method) ? method : null));
  const weekly = isWeeklyLimited(method) ? (weeklyLimit.data ?? null) : null;
  const overWeekly = (remaining: string) => t('messages.weeklyLimitExceeded', { amount: formatUsd(remaining) });
  const amountCents = toCents(amount);
  const wireBelowFee = isWire && lines !== null && amountCents !== null && amountCents <= lines.fee;

  const validate = (): FieldErrors<DepositField> => {
    const next: FieldErrors<DepositField> = {};
    if (method === null) next.method = t('messages.methodRequired');
    if (isBank && !bankId) next.fundsTransferMethodId = t('messages.selectMethod');
    if (isCard && !cardId) next.cardMethodId = t('messages.selectMethod');
    const problem = amountProblem(amount);
    if (problem) next.amount = t(`messages.${problem}`, { n: 2 });
    else if (weekly && (amountCents ?? 0n) > (toCents(weekly.remaining) ?? 0n))
      next.amount = overWeekly(weekly.remaining);
    return next;
  };

  const form = useForm<DepositField>({
    fields: FIELDS,
    validate,
    // A card deposit's card is its funds-transfer method: the server names it so.
    fieldOfServer: (field) => (field === 'fundsTransferMethodId' && isCard ? 'cardMethodId' : undefined),
    onServerError: (error) => {
      if (error.code !== 'trade_limit_exceeded') return false;
      // The limit moved since the page read it (another deposit or a buy): read it again and say what is left.
      void weeklyLimit
        .refetch()
        .then(({ data }) => form.setError('amount', data ? overWeekly(data.remaining) : serverText.ofError(error)));
      return true;
    },
  });

  const done = (amountText: string, chosen: TransferMethodKey) => {
    snackbar.show({
      message: t('deposit.started', {
        amount: formatUsd(amountText),
        method: methodName(t, chosen),
        expected: expectedText(chosen),
      }),
      severity: 'success',
    });
    refreshMoney();
    void navigate(MONEY_PATH, { state: FOCUS_HEADING_ON_ARRIVAL });
  };

  const send = async () => {
    if (method === null) return;
    const sent = normaliseAmount(amount);
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
  };

  return {
    methods,
    method,
    bankId,
    cardId,
    amount,
    isBank,
    isWire,
    isCard,
    lines,
    weekly,
    wireBelowFee,
    errors: form.errors,
    submitting: form.submitting,
    /** The hosted card form once its token came: the card deposit's second step. */
    card: isCard ? card : null,
    expectedText,
    chooseMethod(key: TransferMethodKey) {
      setMethod(key);
      form.clear();
    },
    setBankId,
    setCardId,
    changeAmount(value: string) {
      setAmount(value);
      form.clear('amount');
    },
    /** A wire is not sent from here: its instructions are shown and the user sends it from the bank. */
    submit(event: FormEvent) {
      if (isWire) event.preventDefault();
      else void form.handleSubmit(send)(event);
    },
    cardCompleted(contribution: CardContribution) {
      idempotency.reset();
      done(contribution.amount, 'primex_card');
    },
    cardCancelled() {
      idempotency.reset();
      setCard(null);
    },
  };
}

export type DepositForm = ReturnType<typeof useDepositForm>;
