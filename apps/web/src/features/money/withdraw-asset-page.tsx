import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useFeatureFlags } from '../../lib/config';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  assetWithdrawalsQueryOptions,
  chainAssetsQueryOptions,
  startAssetWithdrawalChallenge,
  withdrawAsset,
} from './api/asset-withdrawals';
import { holdingsKey, useHoldings } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';
import { moneyKey } from './api/keys';
import { PageHeader } from './components/page-header';
import { useIdempotencyKey } from './use-idempotency-key';

type Field = 'asset' | 'network' | 'amount' | 'address' | 'memo' | 'code';
/** The form's request, before the second-factor code is added to it. */
type Draft = Omit<AssetWithdrawalRequest, 'code'>;
type Errors = Partial<Record<Field, string>>;

/** Compares two non-negative decimal strings exactly (never as floats); an unreadable one counts as zero. */
function compareDecimalStrings(a: string, b: string): number {
  const x = decimalToMinor(a.trim(), 18) ?? 0n;
  const y = decimalToMinor(b.trim(), 18) ?? 0n;
  return x === y ? 0 : x > y ? 1 : -1;
}

const selectClass =
  'min-h-11 rounded-xl border border-line bg-surface px-3 text-base text-ink focus-visible:outline-3 focus-visible:outline-focus aria-[invalid=true]:border-danger';

/**
 * /money/withdraw-asset (R14, decision 032): a held asset sent to an external address on one of its networks, with
 * the memo or destination tag where the network uses one; sent by the next banking day (cold storage). Below, the
 * withdrawals made, with their status and transaction hash. Decision 054: the request is confirmed with the user's
 * second factor (the authenticator's code, or one emailed or texted by the challenge), then by the link its email
 * carries; nothing is sent before that.
 */
export function WithdrawAssetPage() {
  const { t, i18n } = useTranslation('money', { useSuspense: true });
  const lang: RuleLang = i18n.language.startsWith('es') ? 'es' : 'en';
  const api = useApi();
  const queryClient = useQueryClient();
  const flags = useFeatureFlags();
  const holdings = useHoldings();
  const catalogue = useQuery(chainAssetsQueryOptions(api));
  const withdrawals = useQuery(assetWithdrawalsQueryOptions(api));
  const { keyFor, reset } = useIdempotencyKey();

  const held = (holdings.data?.assets ?? []).filter((a) => compareDecimalStrings(a.available, '0') > 0);
  const [ticker, setTicker] = useState('');
  const asset = held.find((a) => a.assetTicker === ticker) ?? held[0] ?? null;
  const networks = (catalogue.data ?? []).filter((entry) => asset && entry.assetTicker === asset.assetTicker);
  const [networkId, setNetworkId] = useState('');
  const network = networks.find((n) => n.network === networkId) ?? networks[0] ?? null;
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<AssetWithdrawal | null>(null);
  // The step-up: the checked request waiting for its code, and where the code went.
  const [verifying, setVerifying] = useState<{ draft: Draft; challenge: AssetWithdrawalChallengeReply } | null>(null);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const serverText = useServerText();

  const memoRule = network
    ? (NETWORK_MEMO_RULES as Record<string, { memo: string; label?: string } | undefined>)[network.network]
    : undefined;
  // "Memo for stablecoins" off: a stablecoin goes to the address alone (docs/feature-flags.md).
  const usesMemo =
    memoRule !== undefined && memoRule.memo !== 'none' && !!network && !isMemoSwitchedOff(flags, network);

  /** A refusal's text in the user's language: the step-up's by its error code, the others as the server words them. */
  const refusalText = (error: unknown): string => {
    if (!isApiError(error)) return t('common.unexpected');
    // An authenticator code used a moment ago: the wait until the next one (decision 056).
    if (error.code === 'CodeMismatchException' && error.messageKey?.key === 'identity.codeUsed')
      return serverText.ofError(error);
    if (error.code === 'CodeMismatchException') return t('assetWithdraw.codeMismatch');
    if (error.code === 'ExpiredCodeException') return t('assetWithdraw.codeExpired');
    if (error.code === 'LimitExceededException' || error.code === 'TooManyRequestsException')
      return t('assetWithdraw.codeLocked');
    return serverText.ofError(error);
  };

  const challenge = useMutation({
    mutationFn: () => startAssetWithdrawalChallenge(api),
  });

  const send = useMutation({
    mutationFn: (body: AssetWithdrawalRequest) => withdrawAsset(api, body, keyFor(body)),
    onSuccess: (reply) => {
      setDone(reply.withdrawal);
      setVerifying(null);
      setCode('');
      reset();
      void queryClient.invalidateQueries({ queryKey: moneyKey });
      void queryClient.invalidateQueries({ queryKey: holdingsKey });
      void queryClient.invalidateQueries({ queryKey: limitsKey });
    },
    onError: (error) => {
      if (
        isApiError(error) &&
        (error.code === 'CodeMismatchException' ||
          error.code === 'ExpiredCodeException' ||
          error.code === 'LimitExceededException')
      ) {
        setErrors({ code: refusalText(error) });
      } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const fields = error.fields;
        // A field of the form: back to it, with the server's words under the field.
        setVerifying(null);
        setErrors({
          asset: fields['assetTicker'],
          network: fields['network'],
          amount: fields['amount'],
          address: fields['address'],
          memo: fields['memo'],
        });
      } else {
        setVerifying(null);
        setErrors({ amount: refusalText(error) });
      }
    },
  });

  const askForCode = (draft: Draft) => {
    setResent(false);
    challenge.mutate(undefined, {
      onSuccess: (reply) => {
        setCode('');
        setErrors({});
        setVerifying({ draft, challenge: reply });
      },
      onError: (error) => setErrors({ amount: refusalText(error) }),
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!verifying) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: t('assetWithdraw.codeInvalid') });
      return;
    }
    setErrors({});
    send.mutate({ ...verifying.draft, code: code.trim() });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asset || !network) return;
    const next: Errors = {};
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
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setDone(null);
    askForCode({
      assetTicker: asset.assetTicker,
      network: network.network,
      amount: value,
      address: address.trim(),
      ...(usesMemo && memo.trim() !== '' ? { memo: memo.trim() } : {}),
    });
  };

  const sent = verifying?.challenge.codeDeliveryDetails;
  const verifyIntro = !verifying
    ? ''
    : verifying.challenge.challengeName === 'SOFTWARE_TOKEN_MFA'
      ? t('assetWithdraw.introApp')
      : t(verifying.challenge.challengeName === 'SMS_OTP' ? 'assetWithdraw.introSms' : 'assetWithdraw.introEmail', {
          destination: sent?.destination ?? '',
        });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader title={t('assetWithdraw.title')} intro={t('assetWithdraw.intro')} />
      {done ? (
        <p
          role="status"
          data-testid="asset-withdrawal-done"
          className="rounded-xl border border-line bg-surface-muted p-3 text-base text-ink"
        >
          {done.status === 'awaiting_confirmation'
            ? t('assetWithdraw.checkEmail', { amount: formatAmount(done.amount, { ticker: done.assetTicker }) })
            : t('assetWithdraw.requested', {
                amount: formatAmount(done.amount, { ticker: done.assetTicker }),
                time: formatDateTime(done.expectedBy),
              })}
        </p>
      ) : null}
      {verifying ? (
        <form onSubmit={verify} noValidate className="flex flex-col gap-4" data-testid="asset-withdraw-verify">
          <h2 className="text-lg font-semibold text-ink">{t('assetWithdraw.verifyTitle')}</h2>
          <p className="text-base text-ink">
            {t('assetWithdraw.verifySummary', {
              amount: formatAmount(String(verifying.draft.amount), { ticker: verifying.draft.assetTicker }),
              address: verifying.draft.address,
            })}
          </p>
          <p className="text-sm text-ink-muted">{verifyIntro}</p>
          <TextField
            name="code"
            label={
              verifying.challenge.challengeName === 'SOFTWARE_TOKEN_MFA'
                ? t('assetWithdraw.codeLabelApp')
                : t('assetWithdraw.codeLabel')
            }
            description={t('assetWithdraw.codeSafety')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
            error={errors.code}
          />
          {resent && sent ? (
            <p role="status" className="text-sm text-ink">
              {t('assetWithdraw.resent', { destination: sent.destination })}
            </p>
          ) : null}
          <Button type="submit" fullWidth isDisabled={send.isPending}>
            {send.isPending ? t('assetWithdraw.sending') : t('assetWithdraw.verifySubmit')}
          </Button>
          {sent ? (
            <Button
              variant="secondary"
              fullWidth
              isDisabled={challenge.isPending}
              onPress={() =>
                challenge.mutate(undefined, {
                  onSuccess: (reply) => {
                    setVerifying({ draft: verifying.draft, challenge: reply });
                    setResent(true);
                  },
                  onError: (error) => setErrors({ code: refusalText(error) }),
                })
              }
            >
              {t('assetWithdraw.resend')}
            </Button>
          ) : null}
          <Button variant="secondary" fullWidth onPress={() => setVerifying(null)}>
            {t('assetWithdraw.edit')}
          </Button>
        </form>
      ) : holdings.isSuccess && held.length === 0 ? (
        <p className="text-base text-ink-muted" data-testid="asset-withdraw-none">
          {t('assetWithdraw.nothingHeld')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
            {t('assetWithdraw.asset')}
            <select
              name="asset"
              className={selectClass}
              value={asset?.assetTicker ?? ''}
              onChange={(event) => {
                setTicker(event.target.value);
                setNetworkId('');
              }}
            >
              {held.map((a) => (
                <option key={a.assetTicker} value={a.assetTicker}>
                  {t('assetWithdraw.assetOption', {
                    asset: a.assetTicker,
                    amount: formatAmount(a.available, { ticker: a.assetTicker }),
                  })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
            {t('assetWithdraw.network')}
            <select
              name="network"
              className={selectClass}
              value={network?.network ?? ''}
              onChange={(event) => setNetworkId(event.target.value)}
            >
              {networks.map((n) => (
                <option key={n.network} value={n.network}>
                  {n.networkDisplayName}
                </option>
              ))}
            </select>
          </label>
          <TextField
            name="amount"
            label={t('assetWithdraw.amount', { asset: asset?.assetTicker ?? '' })}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            error={errors.amount}
          />
          {asset ? (
            <Button variant="secondary" onPress={() => setAmount(asset.available)}>
              {t('assetWithdraw.max', { amount: formatAmount(asset.available, { ticker: asset.assetTicker }) })}
            </Button>
          ) : null}
          <TextField
            name="address"
            label={t('assetWithdraw.address', { network: network?.networkDisplayName ?? '' })}
            value={address}
            onChange={setAddress}
            error={errors.address}
            autoComplete="off"
          />
          {usesMemo ? (
            <TextField
              name="memo"
              label={memoRule?.label === 'destinationTag' ? t('assetWithdraw.destinationTag') : t('assetWithdraw.memo')}
              value={memo}
              onChange={setMemo}
              error={errors.memo}
            />
          ) : null}
          <p className="text-sm text-ink-muted">{t('assetWithdraw.coldStorage')}</p>
          <Button type="submit" fullWidth isDisabled={challenge.isPending || !asset || !network}>
            {challenge.isPending ? t('assetWithdraw.sendingCode') : t('assetWithdraw.submit')}
          </Button>
        </form>
      )}
      <section aria-labelledby="asset-withdrawals-heading" className="flex flex-col gap-3">
        <h2 id="asset-withdrawals-heading" className="text-lg font-semibold text-ink">
          {t('assetWithdraw.listHeading')}
        </h2>
        {withdrawals.data && withdrawals.data.length > 0 ? (
          <ul className="flex flex-col divide-y divide-line" data-testid="asset-withdrawals">
            {withdrawals.data.map((w) => (
              <li key={w.withdrawalId} className="flex flex-col gap-0.5 py-2">
                <span className="font-semibold text-ink">{formatAmount(w.amount, { ticker: w.assetTicker })}</span>
                <span className="text-sm text-ink-muted">
                  {t(`assetWithdraw.status.${w.status}`)} · {formatDateTime(w.createdAt)}
                </span>
                <span className="font-mono text-xs break-all text-ink-muted">{w.address}</span>
                {w.txHash ? (
                  <span className="font-mono text-xs break-all text-ink-muted">
                    {t('assetWithdraw.txHash', { hash: w.txHash })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">{t('assetWithdraw.listEmpty')}</p>
        )}
      </section>
    </div>
  );
}
