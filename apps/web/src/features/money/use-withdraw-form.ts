import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  abaRoutingNumber,
  accountNumber as accountNumberRule,
  iban as ibanRule,
  swiftCode as swiftCodeRule,
  type Rule,
  type ServerMessageKey,
  type TransferMethodKey,
  type TransferView,
  type WithdrawRequest,
} from '@rampart/contracts';
import { useApi } from '../../lib/api';
import { useForm, type FieldErrors } from '../../lib/forms/use-form';
import { useHoldings } from '../../lib/queries/holdings';
import { useStepFocus } from '../../lib/step-focus';
import { withdraw } from './api/withdraw';
import { amountProblem, breakdown, normaliseAmount, toCents } from './money-math';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRefreshMoney } from './use-refresh-money';

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
export type WithdrawField = (typeof FIELDS)[number];
export type Details = Record<
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

/** The heading of the step after the form (the withdrawal waiting for its email), which takes focus as it appears. */
export const WITHDRAW_REQUESTED_HEADING_ID = 'withdraw-requested-title';

/** The server's keys for the two routing fields when neither is given (decision 075). */
const ROUTING_REQUIRED: ServerMessageKey = 'transfer.routingRequired';
const ACH_ROUTING_REQUIRED: ServerMessageKey = 'transfer.achRoutingRequired';

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
 * The withdrawal form's state (docs/decisions/082-pages-as-layout.md): the method, the bank or the wire's bank
 * details, the amount and its fee within the available balance, the bank-detail rules of document 2, section 5, and
 * the command; once sent, the withdrawal waiting for the user's confirmation from the email.
 */
export function useWithdrawForm() {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const refreshMoney = useRefreshMoney();
  const idempotency = useIdempotencyKey();
  const holdings = useHoldings();
  const focusStep = useStepFocus();
  const [method, setMethod] = useState<TransferMethodKey | null>(null);
  const [bankId, setBankId] = useState<string | null>(null);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [amount, setAmount] = useState('');
  const [requested, setRequested] = useState<TransferView | null>(null);

  const lines = method ? breakdown(method, amount) : null;
  const available = holdings.data ? toCents(holdings.data.available) : null;
  const isWire = method === 'primex_fedwire' || method === 'primex_swift_wire';

  const ruleMessage = (value: string, rule: Rule): string | undefined => {
    const failure = rule(value);
    return failure ? t(failure.code, { ...failure.params, ns: 'rules' }) : undefined;
  };

  const validate = (): FieldErrors<WithdrawField> => {
    const d = cleanDetails(details);
    const next: FieldErrors<WithdrawField> = {};
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
    return Object.fromEntries(
      Object.entries(next).filter(([, message]) => message !== undefined),
    ) as FieldErrors<WithdrawField>;
  };

  const form = useForm<WithdrawField>({
    fields: FIELDS,
    validate,
    onServerError: (error) => {
      const keys = error.fieldKeys;
      if (keys.routingNumber?.key !== ROUTING_REQUIRED || keys.achRoutingNumber?.key !== ACH_ROUTING_REQUIRED)
        return false;
      // The server names both routing fields when neither is given: the form says it once, as its own check does.
      form.applyServerError(error);
      form.setError('routingNumber', t('messages.routingEitherRequired'));
      form.setError('achRoutingNumber', undefined);
      return true;
    },
  });

  const send = async () => {
    if (method === null) return;
    const body = requestBody(method, normaliseAmount(amount), bankId, cleanDetails(details));
    const reply = await withdraw(api, body, idempotency.keyFor(body));
    idempotency.reset();
    setRequested(reply.transfer);
    focusStep(WITHDRAW_REQUESTED_HEADING_ID);
    refreshMoney();
  };

  return {
    method,
    bankId,
    details,
    amount,
    isWire,
    lines,
    /** The balance the withdrawal comes from, once read. */
    available: holdings.data?.available ?? null,
    requested,
    errors: form.errors,
    submitting: form.submitting,
    chooseMethod(key: TransferMethodKey) {
      setMethod(key);
      form.clear();
    },
    setBankId,
    setDetail: (field: keyof Details) => (value: string) => {
      setDetails((current) => ({ ...current, [field]: value }));
      form.clear(field);
    },
    changeAmount(value: string) {
      setAmount(value);
      form.clear('amount');
    },
    submit(event: FormEvent) {
      void form.handleSubmit(send)(event);
    },
  };
}

export type WithdrawForm = ReturnType<typeof useWithdrawForm>;
