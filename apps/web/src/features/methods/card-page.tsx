import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Loader2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CARD_BRAND_LABELS,
  cardExpiry,
  CardFormMessage,
  defaultCardNickname,
  type CardTokenReply,
} from '@rampart/contracts';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { MessageBlock } from '../../components/ui/message-block';
import { useSnackbar } from '../../components/ui/snackbar';
import { TextField } from '../../components/ui/text-field';
import { errorText, isApiError, useApi } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { addCardMethod } from './api/add-card-method';
import { refreshCardToken } from './api/card-refresh-token';
import { createCardWidgetToken } from './api/card-widget-token';
import { methodsKey } from './api/keys';
import { cardRequestReducer, INITIAL_CARD_REQUEST } from './card-request';
import { BackLink } from './components/back-link';
import { Mask } from './components/mask';
import { METHODS_PATH, returnPath } from './paths';
import { useAction } from './use-action';
import { cardsKey } from '../../lib/queries/cards';

type AddedCard = Extract<CardFormMessage, { event: 'card-added' }>;

const NICKNAME = 'nickname';
/** The form's height before it reports its own (CSS pixels), and the bounds its reports are kept within. */
const FORM_HEIGHT = { initial: 440, min: 240, max: 1200 } as const;

/**
 * Listens to the hosted card form (decision 017's postMessage protocol): only messages of this origin, from this
 * iframe, in the protocol's shape are read; anything else on the window is ignored.
 */
function useCardFormMessages(
  frame: React.RefObject<HTMLIFrameElement | null>,
  onMessage: (message: CardFormMessage) => void,
) {
  useEffect(() => {
    function listen(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      const parsed = CardFormMessage.safeParse(event.data);
      if (parsed.success) onMessage(parsed.data);
    }
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame, onMessage]);
}

/**
 * /methods/card: add a card. The API's hosted form (same origin, in an iframe) takes the card details to the card
 * processor and reports the new card with postMessage; the user names it and it is saved with /cc-method-add. The
 * request goes not started → started → success, success even when the server answers errors, which are then shown
 * (document 1, section 4). Rampart's own pages never see the card number.
 */
export function CardPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const lang = currentLanguage();
  const frame = useRef<HTMLIFrameElement>(null);

  // A single-use token per form: outside methodsKey, dropped when the page goes (gcTime 0), never refetched by itself.
  const widget = useQuery({
    queryKey: ['methods-card-token', lang],
    queryFn: () => createCardWidgetToken(api, lang),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [renewed, setRenewed] = useState<CardTokenReply | null>(null);
  const form = renewed ?? widget.data;
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState<number>(FORM_HEIGHT.initial);
  const [card, setCard] = useState<AddedCard | null>(null);
  const [nickname, setNickname] = useState('');
  const [request, dispatch] = useReducer(cardRequestReducer, INITIAL_CARD_REQUEST);

  const { mutate: renew } = useAction((token: string) => refreshCardToken(api, token, lang), {
    onSuccess: (reply) => {
      setReady(false);
      setRenewed(reply);
    },
    onError: (error) =>
      snackbar.show({ message: isApiError(error) ? errorText(error) : t('errors.unexpected'), severity: 'error' }),
  });

  const save = useCallback(
    async (added: AddedCard, name: string) => {
      dispatch({ type: 'start' });
      try {
        const reply = await addCardMethod(
          api,
          added.fundsTransferMethodId,
          name.trim() || defaultCardNickname(added.brand, added.last4),
        );
        dispatch({ type: 'added', method: reply.method });
        void queryClient.invalidateQueries({ queryKey: methodsKey });
        void queryClient.invalidateQueries({ queryKey: cardsKey });
        snackbar.show({ message: t('card.added', { card: reply.method.nickname }), severity: 'success' });
        void navigate(returnPath(params.get('redirect')), { replace: true });
      } catch (error) {
        if (!isApiError(error)) {
          dispatch({ type: 'failed', errors: [t('errors.unexpected')], fields: {} });
          return;
        }
        // errors.fields: the nickname's message goes under its field, any other field's into the list.
        const { [NICKNAME]: nicknameError, ...otherFields } = error.fields;
        const others = Object.entries(otherFields).map(([field, message]) => `${field}: ${message}`);
        const listed = [...error.errors.filter((message) => message !== nicknameError), ...others];
        dispatch({
          type: 'failed',
          errors: listed.length === 0 && !nicknameError ? [error.message] : listed,
          fields: nicknameError ? { [NICKNAME]: nicknameError } : {},
        });
      }
    },
    [api, navigate, params, queryClient, snackbar, t],
  );

  const onMessage = useCallback(
    (message: CardFormMessage) => {
      switch (message.event) {
        case 'ready':
        case 'resize':
          setReady(true);
          setHeight(Math.min(FORM_HEIGHT.max, Math.max(FORM_HEIGHT.min, Math.ceil(message.height))));
          return;
        case 'card-added':
          // The form asked for the nickname already: the card is saved at once with it.
          setCard(message);
          setNickname(message.nickname.trim() || defaultCardNickname(message.brand, message.last4));
          void save(message, message.nickname);
          return;
        case 'expired':
          renew(message.token);
          return;
        case 'cancelled':
          void navigate(METHODS_PATH);
          return;
        default:
          // The charge messages belong to a card deposit, not to this page.
          return;
      }
    },
    [navigate, renew, save],
  );
  useCardFormMessages(frame, onMessage);

  const useAnotherCard = () => {
    setCard(null);
    setRenewed(null);
    setReady(false);
    dispatch({ type: 'reset' });
    // The form's token was spent on the card just added: a new form needs a new token.
    void widget.refetch();
  };

  let body;
  if (widget.isError) {
    body = (
      <MessageBlock
        tone="danger"
        title={t('card.unavailableTitle')}
        message={isApiError(widget.error) ? errorText(widget.error) : t('errors.unexpected')}
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
  } else if (card) {
    // Success without a method is a request that ended in errors (document 1, section 4).
    const saving = !(request.status === 'success' && request.method === null);
    body = (
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!saving) void save(card, nickname);
        }}
        noValidate
        className="flex flex-col gap-5"
      >
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink">
            {saving ? t('card.savingTitle') : t('card.failedTitle')}
          </h1>
          {saving ? (
            <p role="status" className="flex items-center gap-2 text-base text-ink-muted">
              <Loader2 size={18} className="animate-spin" aria-hidden="true" />
              {t('card.saving')}
            </p>
          ) : null}
        </header>
        <div className="flex items-center gap-3 rounded-xl border border-line p-4">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
          >
            <CreditCard size={20} />
          </span>
          <div>
            <p className="font-semibold text-ink">
              {CARD_BRAND_LABELS[card.brand]} <Mask digits={card.last4} />
            </p>
            <p className="text-sm text-ink-muted">
              {t('list.expires', { expiry: cardExpiry(card.expMonth, card.expYear) })}
            </p>
          </div>
        </div>
        {request.errors.length > 0 ? (
          <div role="alert" data-testid="card-errors" className="rounded-xl border border-danger bg-danger-soft p-4">
            <p className="text-sm font-semibold text-danger">{t('card.failed')}</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-ink">
              {request.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {saving ? null : (
          <>
            <TextField
              label={t('card.nickname')}
              name={NICKNAME}
              description={t('card.nicknameHelp')}
              value={nickname}
              onChange={setNickname}
              maxLength={50}
              error={request.fields[NICKNAME] ?? null}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="secondary" onPress={useAnotherCard}>
                {t('card.another')}
              </Button>
              <Button type="submit">{t('card.retry')}</Button>
            </div>
          </>
        )}
      </form>
    );
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{t('card.title')}</h1>
        </header>
        {!form || !ready ? (
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
            style={{ height }}
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
    <div data-testid="card-request" data-status={request.status} className="flex flex-col gap-4">
      <BackLink to={METHODS_PATH}>{t('actions.backToMethods')}</BackLink>
      {body}
    </div>
  );
}
