import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderChallengeReply } from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { TextField } from '../../components/ui/text-field';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { useStoreState } from '../../lib/store';
import { tradeKey } from './api/ramp-assets';
import { placeOrder, startOrderChallenge } from './api/orders';
import { TradeHeader } from './components/trade-header';
import {
  clearTradeDraft,
  isSellDraft,
  tradeDraftStore,
  type ConfirmedQuote,
  type TradeDraft,
} from './model/trade-draft';
import { TRADE_PATHS } from './paths';
import { countdownText } from './summary-page';

/** Replies that mean the price is gone: the user goes back to the summary for a new one. */
const QUOTE_GONE = new Set(['quote_expired', 'quote_used', 'quote_unknown']);

/**
 * /trade/verify (R2 step-up, decision 027): the quote confirmed on the summary is placed with the user's second
 * factor: the authenticator code when set up, else the code this page has emailed (or texted) for the trade. The
 * price's countdown goes on; when it runs out the page says nothing was charged and offers a new price.
 */
export function VerifyPage() {
  const { draft, confirmed } = useStoreState(tradeDraftStore);
  const { t } = useTranslation('trade', { useSuspense: true });
  if (!draft || !confirmed) {
    return (
      <MessageBlock
        title={t('summary.noDraft')}
        actions={<LinkButton to={TRADE_PATHS.flow}>{t('summary.startTrade')}</LinkButton>}
      />
    );
  }
  return <Verify key={confirmed.quoteId} draft={draft} confirmed={confirmed} />;
}

function Verify({ draft, confirmed }: { draft: TradeDraft; confirmed: ConfirmedQuote }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serverText = useServerText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = Date.parse(confirmed.expiresAt);
  const [gone, setGone] = useState(false);
  const expired = gone || now >= expiresAt;

  // One challenge per quote (a query, so a re-render or a second mount does not send a second code); no retry.
  const challengeKey = [...tradeKey, 'order-challenge', confirmed.quoteId];
  const challenge = useQuery({
    queryKey: challengeKey,
    queryFn: () => startOrderChallenge(api, confirmed.quoteId),
    retry: false,
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    enabled: !expired,
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const resend = useMutation({
    mutationFn: () => startOrderChallenge(api, confirmed.quoteId),
    onSuccess: (reply: OrderChallengeReply) => {
      queryClient.setQueryData(challengeKey, reply);
      setResent(true);
      setError(null);
    },
    onError: (e) => setFailure(isApiError(e) ? serverText.ofError(e) : t('common.unexpected')),
  });

  const place = useMutation({
    mutationFn: (value: string) => placeOrder(api, confirmed.quoteId, value),
    onSuccess: (reply) => {
      clearTradeDraft();
      void navigate(`${TRADE_PATHS.complete}?order=${encodeURIComponent(reply.order.orderId)}`);
    },
    onError: (e) => {
      if (isApiError(e) && e.fields['code']) setError(serverText.ofField(e, 'code') ?? null);
      else if (isApiError(e) && e.code && QUOTE_GONE.has(e.code)) setGone(true);
      // Document 2, section 8: an order the server could not execute asks for a new transaction.
      else if (!isApiError(e) || (e.statusCode ?? 500) >= 500) setFailure(t('server.failedToExecute'));
      else setFailure(t('order.placeFailed', { details: serverText.ofError(e) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('verify.codeInvalid'));
      return;
    }
    setError(null);
    place.mutate(code.trim());
  };

  if (expired) {
    return (
      <MessageBlock
        title={t('verify.title')}
        message={t('verify.expired')}
        actions={<LinkButton to={TRADE_PATHS.summary}>{t('verify.newPrice')}</LinkButton>}
      />
    );
  }

  const reply = challenge.data;
  const sent = reply?.codeDeliveryDetails;
  // A challenge that failed sent nothing: its error shows below, and "Sending your code…" must not stay beside it.
  const intro = !reply
    ? challenge.isError
      ? t('verify.notSent')
      : t('verify.sending')
    : reply.challengeName === 'SOFTWARE_TOKEN_MFA'
      ? t('verify.introApp')
      : t(reply.challengeName === 'SMS_OTP' ? 'verify.introSms' : 'verify.introEmail', {
          destination: sent?.destination ?? '',
        });

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('verify.title')} intro={intro} backTo={TRADE_PATHS.summary} />
      {challenge.isError ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-sm font-medium text-danger">
            {t('verify.challengeFailed', {
              details: isApiError(challenge.error) ? serverText.ofError(challenge.error) : t('common.unexpected'),
            })}
          </p>
          <Button variant="secondary" onPress={() => void challenge.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      <TextField
        name="code"
        label={reply?.challengeName === 'SOFTWARE_TOKEN_MFA' ? t('verify.codeLabelApp') : t('verify.codeLabel')}
        description={t('verify.safety')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={setCode}
        error={error}
      />
      <p
        className="text-sm font-semibold text-ink"
        role="timer"
        aria-label={t('summary.expiresLabel')}
        data-testid="countdown"
      >
        {t('summary.expiresIn', { time: countdownText(expiresAt - now) })}
      </p>
      {resent && sent ? (
        <p role="status" className="text-sm text-ink">
          {t('verify.resent', { destination: sent.destination })}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <Button type="submit" fullWidth isDisabled={place.isPending || !reply}>
        {place.isPending ? t('order.placing') : t(isSellDraft(draft) ? 'verify.submitSell' : 'verify.submit')}
      </Button>
      {sent ? (
        <Button variant="secondary" fullWidth isDisabled={resend.isPending} onPress={() => resend.mutate()}>
          {t('verify.resend')}
        </Button>
      ) : null}
    </form>
  );
}
