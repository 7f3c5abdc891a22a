import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFormMessage, type CardContribution } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { currentLanguage } from '../../../lib/i18n';
import { cardContributionCancel } from '../api/card-contribution-cancel';
import { cardContributionUpdate } from '../api/card-contribution-update';
import { cardRefreshToken } from '../api/card-refresh-token';

export interface CardFormProps {
  formUrl: string;
  contributionId: string;
  onCompleted(contribution: CardContribution): void;
  onCancelled(): void;
}

/**
 * The card processor's hosted form in an iframe (decision 017's protocol): the card's CVC goes to the processor only.
 * Messages are taken from this origin and this frame only. An authorized charge is reported to the API, which makes
 * the deposit; a decline is shown; an expired token is exchanged for a new one; Cancel drops the deposit.
 */
export function CardForm({ formUrl, contributionId, onCompleted, onCancelled }: CardFormProps) {
  const { t } = useTranslation('money', { useSuspense: true });
  const api = useApi();
  const serverText = useServerText();
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState(formUrl);
  const [height, setHeight] = useState(360);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const handlers = useRef({ onCompleted, onCancelled });
  useEffect(() => {
    handlers.current = { onCompleted, onCancelled };
  }, [onCompleted, onCancelled]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const parsed = CardFormMessage.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      const fail = (e: unknown) => setError(isApiError(e) ? serverText.ofError(e) : t('errors.unexpected'));
      switch (message.event) {
        case 'ready':
        case 'resize':
          setHeight(Math.min(Math.max(message.height, 200), 1200));
          break;
        case 'charge-authorized':
          setWorking(true);
          setError(null);
          cardContributionUpdate(api, {
            contributionId: message.contributionId,
            authorizationId: message.authorizationId,
          })
            .then((reply) => handlers.current.onCompleted(reply.contribution), fail)
            .finally(() => setWorking(false));
          break;
        case 'charge-declined':
          setError(message.message);
          break;
        case 'expired':
          cardRefreshToken(api, { token: message.token, lang: currentLanguage() }).then(
            (reply) => setUrl(reply.formUrl),
            fail,
          );
          break;
        case 'cancelled':
          cardContributionCancel(api, contributionId).then(
            () => handlers.current.onCancelled(),
            () => handlers.current.onCancelled(),
          );
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [api, contributionId, serverText, t]);

  return (
    <div className="flex flex-col gap-3">
      <iframe
        ref={frame}
        src={url}
        title={t('card.frameTitle')}
        style={{ height }}
        className="w-full rounded-xl border border-line bg-surface"
      />
      {working ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('card.completing')}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl bg-danger-soft p-3 text-danger">
          <p className="text-sm font-medium">{error}</p>
          <Button
            variant="secondary"
            className="self-start"
            onPress={() => cardContributionCancel(api, contributionId).finally(() => handlers.current.onCancelled())}
          >
            {t('card.startAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
