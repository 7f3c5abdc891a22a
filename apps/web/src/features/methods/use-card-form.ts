import { useCallback, useEffect, useReducer, useState, type FormEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CardFormMessage, defaultCardNickname, type CardTokenReply } from '@rampart/contracts';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { cardsKey } from '../../lib/queries/cards';
import { useServerText } from '../../lib/server-text';
import { FOCUS_HEADING_ON_ARRIVAL, useStepFocus } from '../../lib/step-focus';
import { addCardMethod } from './api/add-card-method';
import { refreshCardToken } from './api/card-refresh-token';
import { createCardWidgetToken } from './api/card-widget-token';
import { methodsKey } from './api/keys';
import { cardRequestReducer, INITIAL_CARD_REQUEST } from './card-request';
import { METHODS_PATH, returnPath } from './paths';
import { useAction } from './use-action';

export type AddedCard = Extract<CardFormMessage, { event: 'card-added' }>;

export const NICKNAME = 'nickname';
/** The headings of the page's two steps, where focus goes as one replaces the other (`useStepFocus`). */
export const CARD_STEP_HEADINGS = { form: 'card-form-title', save: 'card-save-title' } as const;
/** The form's height before it reports its own (CSS pixels), and the bounds its reports are kept within. */
const FORM_HEIGHT = { initial: 440, min: 240, max: 1200 } as const;

/**
 * Listens to the hosted card form (decision 017's postMessage protocol): only messages of this origin, from this
 * iframe, in the protocol's shape are read; anything else on the window is ignored.
 */
function useCardFormMessages(
  frame: RefObject<HTMLIFrameElement | null>,
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
 * The add-a-card page's state (docs/decisions/082-pages-as-layout.md): the hosted form's single-use token and the
 * messages it posts, the card it reported and its nickname, and the card method request of document 1, section 4
 * (not started, started, success; success even when the server answers errors, which are kept to be shown).
 * `frame` is the page's iframe of the hosted form: only its messages are read.
 */
export function useCardForm(frame: RefObject<HTMLIFrameElement | null>) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const lang = currentLanguage();

  // A single-use token per form: outside methodsKey, dropped when the page goes (gcTime 0), never refetched by itself.
  const widget = useQuery({
    queryKey: ['methods-card-token', lang],
    queryFn: () => createCardWidgetToken(api, lang),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [renewed, setRenewed] = useState<CardTokenReply | null>(null);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState<number>(FORM_HEIGHT.initial);
  const [card, setCard] = useState<AddedCard | null>(null);
  const [nickname, setNickname] = useState('');
  const [request, dispatch] = useReducer(cardRequestReducer, INITIAL_CARD_REQUEST);
  const focusStep = useStepFocus();

  /** An error's text in the user's language: a reply by its keys, anything else as unexpected. */
  const failure = useCallback(
    (error: unknown) => (isApiError(error) ? serverText.ofError(error) : t('errors.unexpected')),
    [serverText, t],
  );

  const { mutate: renew } = useAction((token: string) => refreshCardToken(api, token, lang), {
    onSuccess: (reply) => {
      setReady(false);
      setRenewed(reply);
    },
    onError: (error) => snackbar.show({ message: failure(error), severity: 'error' }),
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
        void navigate(returnPath(params.get('redirect')), { replace: true, state: FOCUS_HEADING_ON_ARRIVAL });
      } catch (error) {
        if (!isApiError(error)) {
          dispatch({ type: 'failed', errors: [t('errors.unexpected')], fields: {} });
          return;
        }
        // errors.fields: the nickname's message goes under its field, any other field's into the list.
        const { [NICKNAME]: nicknameError, ...otherFields } = error.fields;
        const others = Object.keys(otherFields).map((field) => `${field}: ${serverText.ofField(error, field) ?? ''}`);
        const listed = [...error.errors.filter((message) => message !== nicknameError), ...others];
        const nicknameText = serverText.ofField(error, NICKNAME);
        dispatch({
          type: 'failed',
          errors:
            listed.length === 0 && !nicknameError ? [serverText.ofMessage(error.message, error.messageKey)] : listed,
          fields: nicknameText ? { [NICKNAME]: nicknameText } : {},
        });
      }
    },
    [api, navigate, params, queryClient, serverText, snackbar, t],
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
          // The form, where focus was, is gone: the card being saved is the page now.
          focusStep(CARD_STEP_HEADINGS.save);
          void save(message, message.nickname);
          return;
        case 'expired':
          renew(message.token);
          return;
        case 'cancelled':
          void navigate(METHODS_PATH, { state: FOCUS_HEADING_ON_ARRIVAL });
          return;
        default:
          // The charge messages belong to a card deposit, not to this page.
          return;
      }
    },
    [focusStep, navigate, renew, save],
  );
  useCardFormMessages(frame, onMessage);

  // Success without a method is a request that ended in errors (document 1, section 4).
  const saving = !(request.status === 'success' && request.method === null);

  return {
    widget,
    /** The hosted form to show: the renewed one once its token expired, else the first. */
    form: renewed ?? widget.data,
    ready,
    height,
    card,
    nickname,
    setNickname,
    request,
    saving,
    failure,
    /** Tries the reported card again with the nickname as the user left it. */
    retry(event: FormEvent) {
      event.preventDefault();
      if (card && !saving) void save(card, nickname);
    },
    anotherCard() {
      setCard(null);
      setRenewed(null);
      setReady(false);
      dispatch({ type: 'reset' });
      focusStep(CARD_STEP_HEADINGS.form);
      // The form's token was spent on the card just added: a new form needs a new token.
      void widget.refetch();
    },
  };
}

export type CardForm = ReturnType<typeof useCardForm>;
