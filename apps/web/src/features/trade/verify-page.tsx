import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { useStoreState } from '../../lib/store';
import { Countdown } from './components/countdown';
import { TradeHeader } from './components/trade-header';
import { isSellDraft, tradeDraftStore, type ConfirmedQuote, type TradeDraft } from './model/trade-draft';
import { TRADE_PATHS } from './paths';
import { useVerifyForm } from './use-verify-form';

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
  const serverText = useServerText();
  const verify = useVerifyForm(confirmed);
  const { challenge } = verify;

  if (verify.expired) {
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
    <form onSubmit={verify.submit} noValidate className="flex min-w-0 flex-col gap-6">
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
        value={verify.code}
        onChange={verify.setCode}
        error={verify.error}
      />
      <Countdown ms={verify.left} />
      {verify.resent && sent ? (
        <p role="status" className="text-sm text-ink">
          {t('verify.resent', { destination: sent.destination })}
        </p>
      ) : null}
      {verify.failure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {verify.failure}
        </p>
      ) : null}
      <Button type="submit" fullWidth isDisabled={verify.placing || !reply}>
        {verify.placing ? t('order.placing') : t(isSellDraft(draft) ? 'verify.submitSell' : 'verify.submit')}
      </Button>
      {sent ? (
        <Button variant="secondary" fullWidth isDisabled={verify.resending} onPress={verify.resend}>
          {t('verify.resend')}
        </Button>
      ) : null}
    </form>
  );
}
