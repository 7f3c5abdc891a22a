import { Suspense, useEffect, useMemo, useState } from 'react';
import { CheckCircle2, Clock, LinkIcon, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { VERIFICATION_MESSAGES, ValidateSmsReply } from '@rampart/contracts';
import { AdBlockerNotice } from '../../../components/ui/ad-blocker-notice';
import { MessageBlock } from '../../../components/ui/message-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { anonymousApi, tokenCaptureApi } from './capture-api';
import {
  CAPTURE_DONE,
  clearCapture,
  deviceId,
  isExpired,
  localiseServerMessage,
  readCapture,
  saveCapture,
  type StoredCapture,
} from './model';
import { useAdBlockDetected } from './ad-block-probe';
import { CaptureWidgetHost } from './widget-host';

type PageState =
  | { name: 'validating' }
  | { name: 'ready'; capture: StoredCapture }
  | { name: 'invalid'; message: string }
  | { name: 'expired'; message: string }
  | { name: 'offline'; token: string }
  | { name: 'done'; already: boolean };

/**
 * One validation per token for the page's lifetime: the link is single use, so a second call (React's strict mode
 * runs effects twice in development, a remount) must share the first one's answer, not consume nothing and fail.
 */
const validations = new Map<string, Promise<ValidateSmsReply>>();

function validateOnce(token: string): Promise<ValidateSmsReply> {
  let pending = validations.get(token);
  if (!pending) {
    pending = anonymousApi().request('/socure/validate_sms', { body: { token }, schema: ValidateSmsReply });
    validations.set(token, pending);
    // A connection failure may not have reached the server: a retry may use the token again.
    pending.catch((error: unknown) => {
      if (isApiError(error) && error.kind === 'connection') validations.delete(token);
    });
  }
  return pending;
}

/** Tests start each page with a clean slate. */
export function forgetValidations(): void {
  validations.clear();
}

function stateWithoutToken(): PageState {
  const stored = readCapture();
  if (!stored) return { name: 'invalid', message: VERIFICATION_MESSAGES.en.linkInvalid };
  if (isExpired(stored.expiresAt)) return { name: 'expired', message: VERIFICATION_MESSAGES.en.linkExpired };
  return CAPTURE_DONE.includes(stored.status) ? { name: 'done', already: true } : { name: 'ready', capture: stored };
}

function ContinueOnPhoneScreens() {
  const { t, i18n } = useTranslation('idv', { useSuspense: true });
  const language = currentLanguage(i18n);
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token');
  const [state, setState] = useState<PageState>(() => (token ? { name: 'validating' } : stateWithoutToken()));
  const [attempt, setAttempt] = useState(0);
  const [device] = useState(() => deviceId());

  useEffect(() => {
    if (!token) return;
    let live = true;
    validateOnce(token).then(
      (reply) => {
        const capture: StoredCapture = {
          captureToken: reply.captureToken,
          expiresAt: reply.captureTokenExpiresAt,
          country: reply.country,
          status: reply.status,
        };
        // Kept for this tab: the link cannot be opened twice, a reload must still work.
        saveCapture(capture);
        if (!live) return;
        setState(CAPTURE_DONE.includes(reply.status) ? { name: 'done', already: true } : { name: 'ready', capture });
        // The token leaves the address bar (and the history entry): nobody copies or shares a used link.
        void navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        if (isApiError(error) && error.kind === 'connection') {
          setState({ name: 'offline', token });
          return;
        }
        // A consumed link leaves the earlier capture token of this tab usable (a reload that kept the address).
        const stored = readCapture();
        if (stored && !isExpired(stored.expiresAt)) {
          setState(
            CAPTURE_DONE.includes(stored.status) ? { name: 'done', already: true } : { name: 'ready', capture: stored },
          );
          void navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
          return;
        }
        if (isApiError(error) && error.code === 'verification_link_expired') {
          setState({ name: 'expired', message: error.message || VERIFICATION_MESSAGES.en.linkExpired });
        } else if (isApiError(error) && error.code === 'verification_link_invalid') {
          setState({ name: 'invalid', message: error.message || VERIFICATION_MESSAGES.en.linkInvalid });
        } else {
          // A malformed token (400 validation) or anything else: the link cannot be used.
          setState({ name: 'invalid', message: VERIFICATION_MESSAGES.en.linkInvalid });
        }
      },
    );
    return () => {
      live = false;
    };
    // location and navigate are read when the answer arrives; the token alone decides whether to validate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt]);

  const capture = state.name === 'ready' ? state.capture : null;
  const captureApi = useMemo(() => (capture ? tokenCaptureApi(capture.captureToken) : null), [capture]);

  switch (state.name) {
    case 'validating':
      return <Skeleton label={t('phonePage.checking')} />;
    case 'offline':
      return (
        <MessageBlock
          tone="warning"
          icon={<WifiOff size={30} />}
          title={t('phonePage.offlineTitle')}
          message={t('errors.connection')}
          nextLabel={t('phonePage.tryAgain')}
          onNext={() => {
            setState({ name: 'validating' });
            setAttempt((n) => n + 1);
          }}
        />
      );
    case 'invalid':
    case 'expired':
      return (
        <MessageBlock
          tone={state.name === 'expired' ? 'warning' : 'danger'}
          icon={state.name === 'expired' ? <Clock size={30} /> : <LinkIcon size={30} />}
          title={state.name === 'expired' ? t('phonePage.expiredTitle') : t('phonePage.invalidTitle')}
          message={<span data-testid="idv-link-message">{localiseServerMessage(state.message, language)}</span>}
          help={t('phonePage.newLinkHelp')}
        />
      );
    case 'done':
      return (
        <MessageBlock
          tone="success"
          icon={<CheckCircle2 size={30} />}
          title={state.already ? t('phonePage.alreadyTitle') : t('phonePage.doneTitle')}
          message={t('phonePage.doneMessage')}
          help={t('phonePage.doneHelp')}
        />
      );
    case 'ready':
      if (!captureApi) return <Skeleton />;
      return (
        <CaptureWidgetHost
          api={captureApi}
          defaultCountry={state.capture.country}
          deviceId={device}
          onSubmitted={() => {
            clearCapture();
            setState({ name: 'done', already: false });
          }}
          onUnauthorized={() => {
            clearCapture();
            setState({ name: 'expired', message: VERIFICATION_MESSAGES.en.linkExpired });
          }}
        />
      );
  }
}

/**
 * /kyc/continue?token=… (public, on the phone; docs/decisions/010): consumes the single-use link for a capture
 * token, then runs the capture widget with it. No sign-in and nothing of a signed-in session is used.
 */
export function ContinueOnPhonePage() {
  // The phone hosts the same capture widget as the identity step: the same probe, the same notice over the page (R21).
  const adBlocked = useAdBlockDetected();
  return (
    <>
      <Suspense fallback={<Skeleton />}>
        <ContinueOnPhoneScreens />
      </Suspense>
      {adBlocked ? <AdBlockerNotice variant="modal" /> : null}
    </>
  );
}
