import { useRef } from 'react';
import { Loader2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { PageTitle } from '../../components/ui/page-title';
import { BackLink } from './components/back-link';
import { CardSave } from './components/card-save';
import { METHODS_PATH } from './paths';
import { CARD_STEP_HEADINGS, useCardForm } from './use-card-form';

/**
 * /methods/card: add a card. The API's hosted form (same origin, in an iframe) takes the card details to the card
 * processor and reports the new card with postMessage; the user names it and it is saved with /cc-method-add. The
 * request goes not started → started → success, success even when the server answers errors, which are then shown
 * (document 1, section 4). Rampart's own pages never see the card number.
 */
export function CardPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const frame = useRef<HTMLIFrameElement>(null);
  const card = useCardForm(frame);
  const { widget, form } = card;

  let body;
  if (widget.isError) {
    body = (
      <MessageBlock
        tone="danger"
        title={t('card.unavailableTitle')}
        message={card.failure(widget.error)}
        help={t('card.unavailableHelp')}
        actions={
          <>
            <LinkButton to={METHODS_PATH} variant="secondary">
              {t('actions.backToMethods')}
            </LinkButton>
            <Button onPress={() => void widget.refetch()}>
              <RotateCw size={18} aria-hidden="true" />
              {t('list.retry')}
            </Button>
          </>
        }
      />
    );
  } else if (card.card) {
    body = <CardSave form={card} card={card.card} />;
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <header className="flex flex-col gap-2">
          <PageTitle id={CARD_STEP_HEADINGS.form}>{t('card.title')}</PageTitle>
        </header>
        {!form || !card.ready ? (
          <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
            <Loader2 size={16} className="animate-spin" aria-hidden="true" />
            {t('card.loadingForm')}
          </p>
        ) : null}
        {form ? (
          <iframe
            ref={frame}
            key={form.token}
            src={form.formUrl}
            title={t('card.formTitle')}
            style={{ height: card.height }}
            className="w-full rounded-xl border border-line bg-surface"
          />
        ) : (
          <div
            data-testid="card-form-skeleton"
            className="h-[27.5rem] w-full animate-shimmer rounded-xl bg-surface-muted"
          />
        )}
      </div>
    );
  }

  return (
    <div data-testid="card-request" data-status={card.request.status} className="flex flex-col gap-4">
      <BackLink to={METHODS_PATH}>{t('actions.backToMethods')}</BackLink>
      {body}
    </div>
  );
}
