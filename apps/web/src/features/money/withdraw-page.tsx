import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  abaRoutingNumber,
  accountNumber as accountNumberRule,
  iban as ibanRule,
  swiftCode as swiftCodeRule,
  WITHDRAWAL_CONFIRM_HOURS,
  WITHDRAWAL_METHOD_KEYS,
  type Rule,
  type TransferMethodKey,
  type TransferView,
  type WithdrawRequest,
} from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useSnackbar } from '../../components/ui/snackbar';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatDateTime, formatUsd } from '../../lib/format';
import { holdingsKey, useHoldings } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';
import { moneyKey } from './api/keys';
import { withdraw } from './api/withdraw';
import { AmountLines } from './components/amount-lines';
import { BankChoice } from './components/bank-choice';
import { MethodChoice } from './components/method-choice';
import { PageHeader } from './components/page-header';
import { methodName } from './method-text';
import { amountProblem, breakdown, knownFee, normaliseAmount, toCents } from './money-math';
import { MONEY_PATH, WITHDRAW_PATH } from './paths';
import { useIdempotencyKey } from './use-idempotency-key';

const FIELDS = [
  'method',
  'fundsTransferMethodId',
  'beneficiaryName',
  'accountNumber',
  'routingNumber',
  'achRoutingNumber',
  'iban',
  'swiftCode',
  'amount',
] as const;
type FieldName = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<FieldName, string>>;
type Details = Record<
  'beneficiaryName' | 'accountNumber' | 'routingNumber' | 'achRoutingNumber' | 'iban' | 'swiftCode',
  string
>;

const EMPTY_DETAILS: Details = {
  beneficiaryName: '',
  accountNumber: '',
  routingNumber: '',
  achRoutingNumber: '',
  iban: '',
  swiftCode: '',
};

function isField(value: string): value is FieldName {
  return (FIELDS as readonly string[]).includes(value);
}

/** IBAN and SWIFT are written upper case (the rules check them so); spaces inside an IBAN are its printed form. */
function cleanDetails(details: Details): Details {
  return {
    beneficiaryName: details.beneficiaryName.trim(),
    accountNumber: details.accountNumber.trim(),
    routingNumber: details.routingNumber.trim(),
    achRoutingNumber: details.achRoutingNumber.trim(),
    iban: details.iban.trim().toUpperCase(),
    swiftCode: details.swiftCode.trim().toUpperCase(),
  };
}

/** The request the form sends for a method: only that method's fields (WithdrawRequest). */
function requestBody(method: TransferMethodKey, amount: string, bankId: string | null, d: Details): WithdrawRequest {
  if (method === 'primex_ach') return { method, amount, fundsTransferMethodId: bankId };
  if (method === 'primex_fedwire') {
    // The wire and/or the ACH routing number (document 2, section 5): only those given are sent.
    return {
      method,
      amount,
      beneficiaryName: d.beneficiaryName,
      accountNumber: d.accountNumber,
      ...(d.routingNumber !== '' ? { routingNumber: d.routingNumber } : {}),
      ...(d.achRoutingNumber !== '' ? { achRoutingNumber: d.achRoutingNumber } : {}),
    };
  }
  return { method, amount, beneficiaryName: d.beneficiaryName, iban: d.iban, swiftCode: d.swiftCode };
}

/**
 * /money/withdraw (R13): ACH to a linked bank, US wire, international wire. The bank-detail rules and messages of
 * document 2, section 5 (ABA checksum, IBAN and SWIFT through the shared rules, R9), the amount plus its fee within
 * the available balance; then the user confirms from the email within 24 hours.
 */
export function WithdrawPage() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const idempotency = useIdempotencyKey();
  const holdings = useHoldings();
  const [method, setMethod] = useState<TransferMethodKey | null>(null);
  const [bankId, setBankId] = useState<string | null>(null);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [requested, setRequested] = useState<TransferView | null>(null);

  const lines = method ? breakdown(method, amount) : null;
  const available = holdings.data ? toCents(holdings.data.available) : null;
  const isWire = method === 'primex_fedwire' || method === 'primex_swift_wire';

  const setDetail = (field: keyof Details) => (value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const ruleMessage = (value: string, rule: Rule): string | undefined => {
    const failure = rule(value);
    return failure ? t(failure.code, { ...failure.params, ns: 'rules' }) : undefined;
  };

  const validate = (d: Details): FieldErrors => {
    const next: FieldErrors = {};
    if (method === null) next.method = t('messages.methodRequired');
    if (method === 'primex_ach' && !bankId) next.fundsTransferMethodId = t('messages.selectMethod');
    if (isWire) {
      if (d.beneficiaryName === '') next.beneficiaryName = t('messages.beneficiaryRequired');
      else if (d.beneficiaryName.length > 100) next.beneficiaryName = t('messages.beneficiaryInvalid');
    }
    if (method === 'primex_fedwire') {
      next.accountNumber =
        d.accountNumber === '' ? t('messages.accountNumberRequired') : ruleMessage(d.accountNumber, accountNumberRule);
      // Document 2: "ACH and/or wire routing number required for US": either one will do, each checked when given.
      // One error, under the first field, in the words of its help text (decision 055).
      if (d.routingNumber === '' && d.achRoutingNumber === '') {
        next.routingNumber = t('messages.routingEitherRequired');
      } else {
        if (d.routingNumber !== '') next.routingNumber = ruleMessage(d.routingNumber, abaRoutingNumber);
        if (d.achRoutingNumber !== '') next.achRoutingNumber = ruleMessage(d.achRoutingNumber, abaRoutingNumber);
      }
    }
    if (method === 'primex_swift_wire') {
      next.iban = d.iban === '' ? t('messages.ibanRequired') : ruleMessage(d.iban, ibanRule);
      next.swiftCode = d.swiftCode === '' ? t('messages.swiftRequired') : ruleMessage(d.swiftCode, swiftCodeRule);
    }
    const problem = amountProblem(amount);
    if (problem) next.amount = t(`messages.${problem}`);
    else if (lines && available !== null && lines.total > available) next.amount = t('messages.amountExceedsBalance');
    return Object.fromEntries(Object.entries(next).filter(([, message]) => message !== undefined)) as FieldErrors;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const d = cleanDetails(details);
    const next = validate(d);
    setErrors(next);
    if (Object.keys(next).length > 0 || method === null) return;
    const body = requestBody(method, normaliseAmount(amount), bankId, d);
    setSubmitting(true);
    try {
      const reply = await withdraw(api, body, idempotency.keyFor(body));
      idempotency.reset();
      setRequested(reply.transfer);
      void queryClient.invalidateQueries({ queryKey: moneyKey });
      void queryClient.invalidateQueries({ queryKey: holdingsKey });
      void queryClient.invalidateQueries({ queryKey: limitsKey });
    } catch (error) {
      if (!isApiError(error)) {
        snackbar.show({ message: t('errors.unexpected'), severity: 'error' });
        return;
      }
      const fields = Object.fromEntries(
        Object.entries(error.fields)
          .filter(([field]) => isField(field))
          .map(([field]) => [field, serverText.ofField(error, field) ?? '']),
      ) as FieldErrors;
      // The server names both routing fields when neither is given: the form says it once, as its own check does.
      if (
        fields.routingNumber === t('messages.routingRequired') &&
        fields.achRoutingNumber === t('messages.achRoutingRequired')
      ) {
        fields.routingNumber = t('messages.routingEitherRequired');
        delete fields.achRoutingNumber;
      }
      if (Object.keys(fields).length > 0) setErrors(fields);
      else snackbar.show({ message: serverText.ofError(error), severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  if (requested) {
    return (
      <MessageBlock
        tone="success"
        icon={<MailCheck size={30} />}
        title={t('withdraw.checkEmailTitle')}
        message={t('withdraw.checkEmailText', { hours: WITHDRAWAL_CONFIRM_HOURS })}
        help={
          <div className="flex flex-col gap-3 text-left">
            <AmountLines
              testId="withdraw-lines"
              lines={[
                { label: t('breakdown.bankReceives'), cents: toCents(requested.amount) },
                {
                  label: t('breakdown.fee', { method: methodName(t, requested.methodKey) }),
                  cents: toCents(requested.fee),
                },
                {
                  label: t('breakdown.fromBalance'),
                  cents: (toCents(requested.amount) ?? 0n) + (toCents(requested.fee) ?? 0n),
                  total: true,
                },
              ]}
            />
            {requested.confirmBy ? (
              <p className="text-sm text-ink-muted">
                {t('withdraw.confirmBy', { date: formatDateTime(requested.confirmBy) })}
              </p>
            ) : null}
          </div>
        }
        actions={<LinkButton to={MONEY_PATH}>{t('common.backToMoney')}</LinkButton>}
      />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('withdraw.title')} intro={t('withdraw.intro')} />
      <p className="text-base text-ink" data-testid="withdraw-available">
        {holdings.data ? t('withdraw.available', { amount: formatUsd(holdings.data.available) }) : t('balance.loading')}
      </p>
      <MethodChoice
        label={t('withdraw.methodLabel')}
        methods={WITHDRAWAL_METHOD_KEYS}
        value={method}
        onChange={(key) => {
          setMethod(key);
          setErrors({});
        }}
        error={errors.method}
      />

      {method === 'primex_ach' ? (
        <BankChoice
          label={t('banks.toLabel')}
          value={bankId}
          onChange={setBankId}
          error={errors.fundsTransferMethodId}
          returnTo={WITHDRAW_PATH}
        />
      ) : null}
      {isWire ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold text-ink">{t('withdraw.bankDetails')}</legend>
          <TextField
            name="beneficiaryName"
            label={t('withdraw.beneficiaryName')}
            autoComplete="name"
            value={details.beneficiaryName}
            onChange={setDetail('beneficiaryName')}
            error={errors.beneficiaryName}
          />
          {method === 'primex_fedwire' ? (
            <>
              <TextField
                name="accountNumber"
                label={t('withdraw.accountNumber')}
                autoComplete="off"
                value={details.accountNumber}
                onChange={setDetail('accountNumber')}
                error={errors.accountNumber}
              />
              <TextField
                name="routingNumber"
                label={t('withdraw.routingNumber')}
                description={t('withdraw.routingHelp')}
                inputMode="numeric"
                autoComplete="off"
                value={details.routingNumber}
                onChange={setDetail('routingNumber')}
                error={errors.routingNumber}
              />
              <TextField
                name="achRoutingNumber"
                label={t('withdraw.achRoutingNumber')}
                description={t('withdraw.achRoutingHelp')}
                inputMode="numeric"
                autoComplete="off"
                value={details.achRoutingNumber}
                onChange={setDetail('achRoutingNumber')}
                error={errors.achRoutingNumber}
              />
            </>
          ) : (
            <>
              <TextField
                name="iban"
                label={t('withdraw.iban')}
                autoComplete="off"
                value={details.iban}
                onChange={setDetail('iban')}
                error={errors.iban}
              />
              <TextField
                name="swiftCode"
                label={t('withdraw.swiftCode')}
                description={t('withdraw.swiftHelp')}
                autoComplete="off"
                value={details.swiftCode}
                onChange={setDetail('swiftCode')}
                error={errors.swiftCode}
              />
            </>
          )}
        </fieldset>
      ) : null}

      {method !== null ? (
        <>
          <TextField
            name="amount"
            label={t('withdraw.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount}
          />
          <AmountLines
            testId="withdraw-lines"
            lines={[
              { label: t('breakdown.bankReceives'), cents: lines?.amount ?? null },
              { label: t('breakdown.fee', { method: methodName(t, method) }), cents: lines?.fee ?? knownFee(method) },
              { label: t('breakdown.fromBalance'), cents: lines?.total ?? null, total: true },
            ]}
          />
          <p className="text-sm text-ink-muted">{t('withdraw.confirmNotice', { hours: WITHDRAWAL_CONFIRM_HOURS })}</p>
        </>
      ) : null}

      <Button type="submit" fullWidth isDisabled={submitting || method === null}>
        {t('withdraw.submit')}
      </Button>
    </form>
  );
}
