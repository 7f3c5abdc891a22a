import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/api';
import { tradeKey } from './api/ramp-assets';
import { holdingsQueryOptions } from './api/payment-sources';
import { requestQuote } from './api/ramp-quote';
import {
  confirmQuote,
  idemIdFor,
  isSellDraft,
  quoteRequestOf,
  renewIdemId,
  usdCents,
  type TradeDraft,
} from './model/trade-draft';
import { TRADE_PATHS } from './paths';

/**
 * /trade/summary's state: a firm quote for the draft (POST /ramp/quote with an idemId kept until the inputs change; no
 * retry, R16), the time it is held for, asked again under a new idemId when that runs out, the USD balance a buy paid
 * from it must fit (decision 053), and Confirm, which hands the quote to /trade/verify.
 */
export function useSummary(draft: TradeDraft) {
  const api = useApi();
  const navigate = useNavigate();
  const [idemId, setIdemId] = useState(() => idemIdFor(draft));
  const [requoted, setRequoted] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // No retry (R16): one request per idemId; the same idemId asked again would replay the same quote.
  const quote = useQuery({
    queryKey: [...tradeKey, 'quote', idemId],
    queryFn: async ({ signal }) => (await requestQuote(api, quoteRequestOf(draft, idemId), signal)).quote,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // A buy paid from the USD balance must fit it before the code is sent (decision 053): the balance is read again here.
  const fromBalance = !isSellDraft(draft) && draft.source.network === 'primex_usd';
  const holdings = useQuery({ ...holdingsQueryOptions(api), enabled: fromBalance });
  const available = fromBalance && holdings.data ? usdCents(holdings.data.available) : null;
  const total = quote.data ? usdCents(quote.data.sellAmountTotal) : null;
  const shortOfFunds = available !== null && total !== null && total > available;

  const expiresAt = quote.data ? Date.parse(quote.data.expiresAt) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      // On expiry: a new quote under a new idemId (the old one answers the expired quote), and the page says so.
      if (current >= expiresAt) {
        setRequoted(true);
        setIdemId(renewIdemId(draft));
      }
    };
    // The first tick right away: the clock kept since the page opened is older than the quote.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [expiresAt, draft]);

  const confirm = () => {
    if (!quote.data || shortOfFunds) return;
    confirmQuote(quote.data);
    void navigate(TRADE_PATHS.verify);
  };

  return {
    quote,
    requoted,
    /** Milliseconds the price is still held for. */
    left: (expiresAt ?? now) - now,
    shortOfFunds,
    canConfirm: !!quote.data && !quote.isFetching && !shortOfFunds && !(fromBalance && holdings.isPending),
    confirm,
  };
}
