import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isMemoSwitchedOff,
  NETWORK_MEMO_RULES,
  decimalToMinor,
  validateAddress,
  validateMemo,
  type AssetWithdrawal,
  type AssetWithdrawalChallengeReply,
  type AssetWithdrawalRequest,
  type RuleLang,
} from '@rampart/contracts';
import { isApiError, useApi, type ApiError } from '../../lib/api';
import { useFeatureFlags } from '../../lib/config';
import { formatAmount } from '../../lib/format';
import { useForm, type FieldErrors } from '../../lib/forms/use-form';
import { useHoldings } from '../../lib/queries/holdings';
import { useServerText } from '../../lib/server-text';
import { useStepFocus } from '../../lib/step-focus';
import {
  assetWithdrawalsQueryOptions,
  chainAssetsQueryOptions,
  startAssetWithdrawalChallenge,
  withdrawAsset,
} from './api/asset-withdrawals';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRefreshMoney } from './use-refresh-money';

export type AssetWithdrawField = 'asset' | 'network' | 'amount' | 'address' | 'memo' | 'code';
const FIELDS: readonly AssetWithdrawField[] = ['asset', 'network', 'amount', 'address', 'memo', 'code'];
/** The form's request, before the second-factor code is added to it. */
type Draft = Omit<AssetWithdrawalRequest, 'code'>;
/**
 * Where focus goes as the steps change (`useStepFocus`): the code step's heading as it opens, the page's heading when
 * the request is shown again, and what was done once the code sent it.
 */
export const ASSET_WITHDRAW_FOCUS = {
  page: 'asset-withdraw-title',
  verify: 'asset-withdraw-verify-title',
  done: 'asset-withdrawal-done',
} as const;

/** The step-up's refusals of a code: said under the code field. */
const CODE_REFUSALS = ['CodeMismatchException', 'ExpiredCodeException', 'LimitExceededException'];

/** Compares two non-negative decimal strings exactly (never as floats); an unreadable one counts as zero. */
function compareDecimalStrings(a: string, b: string): number {
  const x = decimalToMinor(a.trim(), 18) ?? 0n;
  const y = decimalToMinor(b.trim(), 18) ?? 0n;
  return x === y ? 0 : x > y ? 1 : -1;
}

/**
 * The asset withdrawal's state (docs/decisions/082-pages-as-layout.md): the held asset, its network, the amount, the
 * address and the memo where the network uses one, checked in the page; then the step-up (decision 054): the
 * checked request waits for the second factor's code, and the code sends it.
 */
export function useWithdrawAssetForm() {
  const { t, i18n } = useTranslation('money', { useSuspense: true });
  const lang: RuleLang = i18n.language.startsWith('es') ? 'es' : 'en';
  const api = useApi();
  const flags = useFeatureFlags();
  const serverText = useServerText();
  const refreshMoney = useRefreshMoney();
  const holdings = useHoldings();
  const catalogue = useQuery(chainAssetsQueryOptions(api));
  const withdrawals = useQuery(assetWithdrawalsQueryOptions(api));
  const { keyFor, reset } = useIdempotencyKey();
  const focusStep = useStepFocus();

  const held = (holdings.data?.assets ?? []).filter((a) => compareDecimalStrings(a.available, '0') > 0);
  const [ticker, setTicker] = useState('');
  const asset = held.find((a) => a.assetTicker === ticker) ?? held[0] ?? null;
  const networks = (catalogue.data ?? []).filter((entry) => asset && entry.assetTicker === asset.assetTicker);
  const [networkId, setNetworkId] = useState('');
  const network = networks.find((n) => n.network === networkId) ?? networks[0] ?? null;
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [done, setDone] = useState<AssetWithdrawal | null>(null);
  // The step-up: the checked request waiting for its code, and where the code went.
  const [verifying, setVerifying] = useState<{ draft: Draft; challenge: AssetWithdrawalChallengeReply } | null>(null);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);

  const memoRule = network
    ? (NETWORK_MEMO_RULES as Record<string, { memo: string; label?: string } | undefined>)[network.network]
    : undefined;
  // "Memo for stablecoins" off: a stablecoin goes to the address alone (docs/feature-flags.md).
  const usesMemo =
    memoRule !== undefined && memoRule.memo !== 'none' && !!network && !isMemoSwitchedOff(flags, network);

  /** A refusal's text in the user's language: the step-up's by its error code, the others by their keys. */
  const refusalText = (error: unknown): string => {
    if (!isApiError(error)) return t('errors.unexpected');
    // An authenticator code used a moment ago: the wait until the next one (decision 056).
    if (error.code === 'CodeMismatchException' && error.messageKey?.key === 'identity.codeUsed')
      return serverText.ofError(error);
    if (error.code === 'CodeMismatchException') return t('assetWithdraw.codeMismatch');
    if (error.code === 'ExpiredCodeException') return t('assetWithdraw.codeExpired');
    if (error.code === 'LimitExceededException' || error.code === 'TooManyRequestsException')
      return t('assetWithdraw.codeLocked');
    return serverText.ofError(error);
  };

  const challenge = useMutation({ mutationFn: () => startAssetWithdrawalChallenge(api) });

  /** The request as checked: the trimmed values, the memo only where the network uses one. */
  const draft = (): Draft | null =>
    asset && network
      ? {
          assetTicker: asset.assetTicker,
          network: network.network,
          amount: amount.trim(),
          address: address.trim(),
          ...(usesMemo && memo.trim() !== '' ? { memo: memo.trim() } : {}),
        }
      : null;

  const validate = (): FieldErrors<AssetWithdrawField> => {
    if (verifying) return /^\d{6}$/.test(code.trim()) ? {} : { code: t('assetWithdraw.codeInvalid') };
    if (!asset || !network) return {};
    const next: FieldErrors<AssetWithdrawField> = {};
    const value = amount.trim();
    if (!/^\d+(\.\d+)?$/.test(value) || compareDecimalStrings(value, '0') <= 0)
      next.amount = t('assetWithdraw.amountInvalid');
    else if (compareDecimalStrings(value, asset.available) > 0)
      next.amount = t('assetWithdraw.amountAbove', {
        amount: formatAmount(asset.available, { ticker: asset.assetTicker }),
      });
    const checked = validateAddress(network.network, address.trim(), lang);
    if (!checked.ok) next.address = checked.message;
    if (usesMemo) {
      const memoChecked = validateMemo(network.network, memo.trim() === '' ? undefined : memo.trim(), lang);
      if (!memoChecked.ok) next.memo = memoChecked.message;
    }
    return next;
  };

  /** A refused code stays on the code step; any other refusal goes back to the form, under its field. */
  const refused = (error: ApiError): boolean => {
    if (verifying && error.code !== undefined && CODE_REFUSALS.includes(error.code)) {
      form.setError('code', refusalText(error));
      return true;
    }
    setVerifying(null);
    if (verifying) focusStep(ASSET_WITHDRAW_FOCUS.page, { invalidFieldFirst: true });
    if (!verifying || !form.applyServerError(error)) form.setError('amount', refusalText(error));
    return true;
  };

  const form = useForm<AssetWithdrawField>({
    fields: FIELDS,
    validate,
    fieldOfServer: (field) => (field === 'assetTicker' ? 'asset' : undefined),
    onServerError: refused,
  });

  const askForCode = async (checked: Draft) => {
    setResent(false);
    const reply = await challenge.mutateAsync();
    setCode('');
    form.clear();
    setVerifying({ draft: checked, challenge: reply });
    focusStep(ASSET_WITHDRAW_FOCUS.verify);
  };

  const send = async () => {
    if (verifying) {
      const body = { ...verifying.draft, code: code.trim() };
      const reply = await withdrawAsset(api, body, keyFor(body));
      setDone(reply.withdrawal);
      setVerifying(null);
      focusStep(ASSET_WITHDRAW_FOCUS.done);
      setCode('');
      reset();
      refreshMoney();
      return;
    }
    const checked = draft();
    if (!checked) return;
    setDone(null);
    await askForCode(checked);
  };

  const resend = () => {
    if (!verifying) return;
    challenge.mutate(undefined, {
      onSuccess: (reply) => {
        setVerifying({ draft: verifying.draft, challenge: reply });
        setResent(true);
      },
      onError: (error) => form.setError('code', refusalText(error)),
    });
  };

  return {
    held,
    /** Nothing to withdraw: the holdings read, and none above zero. */
    nothingHeld: holdings.isSuccess && held.length === 0,
    asset,
    networks,
    network,
    amount,
    address,
    memo,
    usesMemo,
    memoLabel: memoRule?.label,
    code,
    done,
    verifying,
    resent,
    withdrawals: withdrawals.data,
    errors: form.errors,
    sending: form.submitting,
    askingForCode: challenge.isPending,
    chooseAsset(value: string) {
      setTicker(value);
      setNetworkId('');
    },
    setNetworkId,
    setAmount,
    setAddress,
    setMemo,
    setCode,
    submit(event: FormEvent) {
      void form.handleSubmit(send)(event);
    },
    resend,
    edit: () => {
      setVerifying(null);
      focusStep(ASSET_WITHDRAW_FOCUS.page);
    },
  };
}

export type WithdrawAssetForm = ReturnType<typeof useWithdrawAssetForm>;
