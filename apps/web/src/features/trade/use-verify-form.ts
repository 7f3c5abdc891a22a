import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderChallengeReply } from '@rampart/contracts';
import { isApiError, useApi, type ApiError } from '../../lib/api';
import { useForm } from '../../lib/forms/use-form';
import { useServerText } from '../../lib/server-text';
import { tradeKey } from './api/ramp-assets';
import { placeOrder, startOrderChallenge } from './api/orders';
import { clearTradeDraft, type ConfirmedQuote } from './model/trade-draft';
import { TRADE_PATHS } from './paths';

/** Replies that mean the price is gone: the user goes back to the summary for a new one. */
const QUOTE_GONE = new Set(['quote_expired', 'quote_used', 'quote_unknown']);

const FIELDS = ['code'] as const;

/**
 * /trade/verify's state (R2 step-up, decision 027): the challenge that sends the code (one per quote), the code typed,
 * the price's countdown, a new code on request, and the order placed with the code. A wrong code shows under the field;
 * a price gone on the server ends the page as if it ran out; any other refusal is said above the buttons.
 */
export function useVerifyForm(confirmed: ConfirmedQuote) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serverText = useServerText();
  const [code, setCode] = useState('');
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

  // The refusals that are not the code's: the price gone, else what the server said (document 2, section 8: an order
  // it could not execute asks for a new transaction).
  const onServerError = (e: ApiError) => {
    if (e.fields['code']) return false;
    if (e.code && QUOTE_GONE.has(e.code)) setGone(true);
    else if ((e.statusCode ?? 500) >= 500) setFailure(t('server.failedToExecute'));
    else setFailure(t('order.placeFailed', { details: serverText.ofError(e) }));
    return true;
  };
  const form = useForm({
    fields: FIELDS,
    validate: () => (/^\d{6}$/.test(code.trim()) ? {} : { code: t('verify.codeInvalid') }),
    onServerError,
  });

  const resend = useMutation({
    mutationFn: () => startOrderChallenge(api, confirmed.quoteId),
    onSuccess: (reply: OrderChallengeReply) => {
      queryClient.setQueryData(challengeKey, reply);
      setResent(true);
      form.clear('code');
    },
    onError: (e) => setFailure(isApiError(e) ? serverText.ofError(e) : t('common.unexpected')),
  });

  const place = async () => {
    try {
      const reply = await placeOrder(api, confirmed.quoteId, code.trim());
      clearTradeDraft();
      void navigate(`${TRADE_PATHS.complete}?order=${encodeURIComponent(reply.order.orderId)}`);
    } catch (e) {
      // A failure that is no reply from the server: the order could not be executed either.
      if (isApiError(e)) throw e;
      setFailure(t('server.failedToExecute'));
    }
  };
  const submit = (event: FormEvent) => {
    setFailure(null);
    return form.handleSubmit(place)(event);
  };

  return {
    expired,
    challenge,
    code,
    setCode,
    error: form.errors.code,
    left: expiresAt - now,
    resent,
    failure,
    submit,
    placing: form.submitting,
    resend: () => resend.mutate(),
    resending: resend.isPending,
  };
}
