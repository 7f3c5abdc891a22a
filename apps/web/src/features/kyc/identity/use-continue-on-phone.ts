import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ValidateSmsReply } from '@rampart/contracts';
import { isApiError, type ApiError } from '../../../lib/api';
import { anonymousApi, tokenCaptureApi } from './capture-api';
import {
  CAPTURE_DONE,
  clearCapture,
  deviceId,
  isExpired,
  readCapture,
  saveCapture,
  verificationText,
  type KeyedText,
  type StoredCapture,
} from './model';

export type ContinuePageState =
  | { name: 'validating' }
  | { name: 'ready'; capture: StoredCapture }
  | { name: 'invalid'; message: KeyedText }
  | { name: 'expired'; message: KeyedText }
  | { name: 'offline'; token: string }
  | { name: 'done'; already: boolean };

/** A refusal's own message with its key, or the catalogue's when the reply has none. */
function replyText(error: ApiError, fallback: 'linkExpired' | 'linkInvalid'): KeyedText {
  return error.message ? { text: error.message, key: error.messageKey } : verificationText(fallback);
}

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

function stateWithoutToken(): ContinuePageState {
  const stored = readCapture();
  if (!stored) return { name: 'invalid', message: verificationText('linkInvalid') };
  if (isExpired(stored.expiresAt)) return { name: 'expired', message: verificationText('linkExpired') };
  return CAPTURE_DONE.includes(stored.status) ? { name: 'done', already: true } : { name: 'ready', capture: stored };
}

/**
 * The phone page's state: the single-use link (`?token=`) validated once for a capture token kept for this tab (the
 * token then leaves the address bar), a retry when the connection dropped, and the capture's end.
 */
export function useContinueOnPhone() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token');
  const [state, setState] = useState<ContinuePageState>(() => (token ? { name: 'validating' } : stateWithoutToken()));
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
          setState({ name: 'expired', message: replyText(error, 'linkExpired') });
        } else if (isApiError(error) && error.code === 'verification_link_invalid') {
          setState({ name: 'invalid', message: replyText(error, 'linkInvalid') });
        } else {
          // A malformed token (400 validation) or anything else: the link cannot be used.
          setState({ name: 'invalid', message: verificationText('linkInvalid') });
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

  return {
    state,
    captureApi,
    device,
    retry: () => {
      setState({ name: 'validating' });
      setAttempt((n) => n + 1);
    },
    submitted: () => {
      clearCapture();
      setState({ name: 'done', already: false });
    },
    unauthorized: () => {
      clearCapture();
      setState({ name: 'expired', message: verificationText('linkExpired') });
    },
  };
}
