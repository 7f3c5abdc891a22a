import type {
  AuthenticatedReply,
  ChallengeName,
  CodeDeliveryDetails,
  IdentityLocale,
  SignInResponse,
} from '@rampart/contracts';
import { isApiError, type ApiClient, type MessageKey } from '../../lib/api';
import { trackEvent } from '../../lib/telemetry';
import { createStore, type Store } from '../../lib/store';
import { confirmSignUp } from './api/confirm-sign-up';
import { exchangeLoginToken } from './api/exchange-login-token';
import { getUser } from './api/get-user';
import { resendCode } from './api/resend-code';
import { respondToChallenge } from './api/respond-to-challenge';
import { signIn } from './api/sign-in';
import { signInWithCode } from './api/sign-in-with-code';
import { signUp } from './api/sign-up';
import type { AuthStore } from '../../lib/session/auth-store';
import type { AuthStep } from './auth-steps';
import { CHALLENGE_NAMES, loginMethodOf } from '@rampart/contracts';
import { mapAuthError, normaliseEmail, stepForChallenge, type AuthField } from './model';
import { clearSession, writeSession } from '../../lib/session/session-storage';
import { loginResponseEntries } from './token-refresh';

/**
 * The sign-in and sign-up flow of document 1, section 4, as plain async steps: each call says where the flow
 * goes next (a step, done, or messages), and the pages navigate. The password stays in memory only: sign-up
 * asks only to confirm the one typed at the password step, and the sign-up code signs the user in with it
 * (docs/decisions/057-sign-up-in-one-pass-and-change-password.md); a reload forgets it. Tokens are exchanged
 * by the call that received them, so the screen that asked for the last answer stays until home opens.
 */

export interface FlowState {
  email: string;
  challenge: { name: ChallengeName; session: string; delivery?: CodeDeliveryDetails | undefined } | null;
  /** Where the last code was sent (sign-up confirmation or challenge). */
  delivery: CodeDeliveryDetails | null;
  /** Set by the step that received the tokens; the redirect step exchanges them. */
  tokens: AuthenticatedReply | null;
}

export type FlowResult =
  | { type: 'step'; step: AuthStep }
  /** `notice`: signed in, with something the user should know (the user info could not be loaded). */
  | { type: 'done'; notice?: AuthErrorKey }
  | { type: 'fields'; fields: Partial<Record<AuthField, string>>; fieldKeys?: Partial<Record<AuthField, MessageKey>> }
  /**
   * `key`: a message of the client's own (the locale files' `auth.errors`), shown by key instead of `message`, with
   * `params`, and `detail` (a server message, shown in the user's language as the `detail` parameter). `then`: the
   * step the flow goes back to, the message shown on the way. `messageKey` and `detailKey`: the server's keys of
   * `message` and `detail`, which the screens translate by (decision 075).
   */
  | {
      type: 'general';
      message: string;
      key?: AuthErrorKey;
      params?: Record<string, string | number>;
      detail?: string;
      messageKey?: MessageKey;
      detailKey?: MessageKey;
      then?: AuthStep;
    };

/**
 * Document 2, section 8: the auth errors the client shows, in English; the screens show them by key. Where each
 * arises in this product is docs/decisions/066-auth-errors-and-settlement-texts.md.
 */
export const AUTH_CLIENT_ERRORS = {
  unhandled2FAType: 'Unhandled 2FA type authentication',
  unknownStep: 'Unknown auth step provided',
  errorConfirmingSignUp: 'error confirming sign up',
  noLoginSession: 'no login session',
  challengeFailed: 'challenge failed',
  errorSigningIn: 'error signing in. {{detail}}',
  errorSigningOut: 'error signing out',
  resendConfirmationCode: 'resendConfirmationCode is undefined',
  failToLogin: 'Fail to login with AWS',
  noUserSessionInAuth: 'No user session in AWS Auth',
  noUserSessionForLogin: 'No user session for AWS login',
  failToGetUser: 'Fail to get user for AWS',
  authTokenHttp: 'Error while getting auth token from the API with the HTTP code {{status}}',
  noCognitoSession: 'No Cognito User Session Found',
} as const;
export type AuthErrorKey = keyof typeof AUTH_CLIENT_ERRORS;

export interface AuthFlowDeps {
  api: ApiClient;
  auth: AuthStore;
  locale: () => IdentityLocale;
}

export interface AuthFlow {
  store: Store<FlowState>;
  /** The email of the first step, lower-cased; forgets the rest of an earlier attempt. */
  setEmail(email: string): void;
  /** The password typed at the password step, kept for sign-up's confirmation; null after a reload. */
  keptPassword(): string | null;
  /** Whether the code step can send a new code (the emailed or SMS factor, the emailed sign-in code). */
  canResendChallenge(): boolean;
  /** A new code for the current challenge: the same first step again; null when it was sent. */
  resendChallenge(): Promise<FlowResult | null>;
  signIn(password: string): Promise<FlowResult>;
  signUp(password: string, confirmPassword: string): Promise<FlowResult>;
  confirmSignUp(code: string): Promise<FlowResult>;
  resendCode(): Promise<FlowResult | null>;
  signInWithCode(): Promise<FlowResult>;
  answerChallenge(code: string): Promise<FlowResult>;
  /** The redirect step: exchanges the session for the login token, loads the user, logs in. */
  finish(): Promise<FlowResult>;
  reset(): void;
}

const INITIAL: FlowState = { email: '', challenge: null, delivery: null, tokens: null };

/** One field's message, with its key when it has one. */
export function fieldResult(field: AuthField, message: string, key: MessageKey | undefined): FlowResult {
  return { type: 'fields', fields: { [field]: message }, ...(key ? { fieldKeys: { [field]: key } } : {}) };
}

function toResult(error: unknown): FlowResult {
  if (!isApiError(error)) {
    return { type: 'general', message: error instanceof Error ? error.message : String(error) };
  }
  const outcome = mapAuthError(error);
  switch (outcome.kind) {
    case 'field':
      return fieldResult(outcome.field, outcome.message, outcome.messageKey);
    case 'fields':
      return { type: 'fields', fields: outcome.fields, ...(outcome.fieldKeys ? { fieldKeys: outcome.fieldKeys } : {}) };
    case 'signup':
      return { type: 'step', step: 'signup' };
    case 'unconfirmed':
      return { type: 'step', step: 'otpcode' };
    case 'general':
      return {
        type: 'general',
        message: outcome.message,
        ...(outcome.messageKey ? { messageKey: outcome.messageKey } : {}),
      };
  }
}

/** A failure none of the pool's answers explains: no reply, a server error, or not an API error at all. */
function isUnexpected(error: unknown): boolean {
  return !isApiError(error) || error.statusCode === undefined || error.statusCode >= 500;
}

/** A result of the client's own message. */
function clientError(
  key: AuthErrorKey,
  extra: Omit<Extract<FlowResult, { type: 'general' }>, 'type' | 'message' | 'key'> = {},
): FlowResult {
  return { type: 'general', message: AUTH_CLIENT_ERRORS[key], key, ...extra };
}

/** 'error signing in.' with the reason as its detail: a sign-in that failed for a reason no field holds. */
function signInResult(result: FlowResult): FlowResult {
  if (result.type !== 'general' || result.key !== undefined) return result;
  return clientError('errorSigningIn', {
    detail: result.message,
    ...(result.messageKey ? { detailKey: result.messageKey } : {}),
  });
}

export function createAuthFlow({ api, auth, locale }: AuthFlowDeps): AuthFlow {
  const store = createStore<FlowState>(INITIAL);
  let password: string | null = null;
  /** How the current challenge began, to send a new code the same way. */
  let challengeVia: 'password' | 'email_code' | null = null;
  let finishing: Promise<FlowResult> | null = null;

  const email = () => store.getState().email;

  async function onReply(reply: SignInResponse): Promise<FlowResult> {
    if ('authenticationResult' in reply) {
      // The challenge stays until the login token makes the user logged in (finish): a step that lost it before
      // would read as one opened with no sign-in waiting, and say 'no login session' on the way to a good sign-in.
      store.setState({ tokens: reply });
      return finish();
    }
    // A challenge this client does not know is said, not skipped: going on would sign in without its factor.
    if (!(CHALLENGE_NAMES as readonly string[]).includes(reply.challengeName)) {
      console.error('[auth] unhandled second-factor challenge', reply.challengeName);
      store.setState({ challenge: null });
      return { type: 'general', message: AUTH_CLIENT_ERRORS.unhandled2FAType, key: 'unhandled2FAType' };
    }
    store.setState({
      challenge: { name: reply.challengeName, session: reply.session, delivery: reply.codeDeliveryDetails },
      delivery: reply.codeDeliveryDetails ?? null,
    });
    auth.setAuth2FAType(loginMethodOf(reply.challengeName));
    return { type: 'step', step: stepForChallenge(reply.challengeName) };
  }

  function finish(): Promise<FlowResult> {
    finishing ??= (async (): Promise<FlowResult> => {
      const tokens = store.getState().tokens;
      // 'No user session for AWS login': nothing from the pool to exchange for the login token.
      if (!tokens) return clientError('noUserSessionForLogin', { then: 'auth' });
      try {
        writeSession({ refreshToken: tokens.authenticationResult.refreshToken });
        const login = await exchangeLoginToken(api, tokens.authenticationResult.idToken);
        writeSession(loginResponseEntries(login));
        let userInfo = { userGuid: login.userGuid, email: login.email };
        let notice: AuthErrorKey | undefined;
        try {
          const user = await getUser(api);
          userInfo = { userGuid: user.userGuid, email: user.email };
        } catch (error) {
          // 'Fail to get user for AWS': said, but the exchange's own user info signs the user in.
          console.debug('[auth] the user info could not be loaded', error);
          notice = 'failToGetUser';
        }
        password = null;
        challengeVia = null;
        // Logged in first: the step on screen then goes on to the redirect target, not back to /auth.
        auth.setLoggedIn(userInfo);
        store.setState({ ...INITIAL });
        trackEvent('login');
        return notice ? { type: 'done', notice } : { type: 'done' };
      } catch (error) {
        clearSession();
        store.setState({ tokens: null, challenge: null });
        // The exchange answered an HTTP error: its status is said; a reply without the login token (or none at all)
        // means the pool's sign-in could not become a login.
        if (isApiError(error) && error.statusCode !== undefined && error.statusCode >= 400) {
          return clientError('authTokenHttp', { params: { status: error.statusCode } });
        }
        return clientError('failToLogin');
      }
    })().finally(() => {
      finishing = null;
    });
    return finishing;
  }

  /** UserNotConfirmed: the code is sent again and the flow goes to the emailed-code step. */
  async function toConfirmation(): Promise<FlowResult> {
    try {
      const sent = await resendCode(api, { email: email() });
      store.setState({ delivery: sent.codeDeliveryDetails });
      return { type: 'step', step: 'otpcode' };
    } catch (error) {
      return isUnexpected(error) ? clientError('resendConfirmationCode') : toResult(error);
    }
  }

  async function trySignIn(withPassword: string, username: string): Promise<FlowResult> {
    password = withPassword;
    try {
      const reply = await signIn(api, { email: username, password: withPassword });
      challengeVia = 'password';
      return await onReply(reply);
    } catch (error) {
      const result = toResult(error);
      if (result.type === 'step' && result.step === 'otpcode') return toConfirmation();
      return signInResult(result);
    }
  }

  return {
    store,
    setEmail(value) {
      password = null;
      challengeVia = null;
      store.setState({ ...INITIAL, email: normaliseEmail(value) });
    },
    keptPassword: () => password,
    canResendChallenge() {
      const name = store.getState().challenge?.name;
      if (name === 'CUSTOM_CHALLENGE') return challengeVia === 'email_code';
      return (name === 'EMAIL_OTP' || name === 'SMS_OTP') && challengeVia === 'password' && password !== null;
    },
    async resendChallenge() {
      const kept = password;
      if (challengeVia !== 'email_code' && kept === null) return { type: 'step', step: 'password' };
      try {
        const reply =
          challengeVia === 'email_code' || kept === null
            ? await signInWithCode(api, { email: email() })
            : await signIn(api, { email: email(), password: kept });
        // A new challenge replaces the old one on the same step; anything else (tokens) moves on.
        const result = await onReply(reply);
        return result.type === 'step' ? null : result;
      } catch (error) {
        return signInResult(toResult(error));
      }
    },
    signIn: (withPassword) => trySignIn(withPassword, email()),
    async signUp(withPassword, confirmPassword) {
      password = withPassword;
      try {
        const reply = await signUp(api, { email: email(), password: withPassword, confirmPassword, locale: locale() });
        store.setState({ delivery: reply.codeDeliveryDetails });
        return { type: 'step', step: 'otpcode' };
      } catch (error) {
        // Document 1, section 4: an existing user is signed in instead, the username lower-cased.
        if (isApiError(error) && error.code === 'UsernameExistsException') {
          return trySignIn(withPassword, email().toLowerCase());
        }
        return toResult(error);
      }
    },
    async confirmSignUp(code) {
      let signedIn: SignInResponse | undefined;
      try {
        const reply = await confirmSignUp(api, {
          email: email(),
          code: code.trim(),
          ...(password === null ? {} : { password }),
        });
        signedIn = reply.signIn;
      } catch (error) {
        return isUnexpected(error) ? clientError('errorConfirmingSignUp') : toResult(error);
      }
      // R22: the sign-up is done once the emailed code is confirmed.
      trackEvent('sign_up');
      // The code was this sign-in's emailed factor; without the password (a reload) it is asked again.
      if (!signedIn) return { type: 'step', step: 'password' };
      challengeVia = 'password';
      return onReply(signedIn);
    },
    async resendCode() {
      try {
        const sent = await resendCode(api, { email: email() });
        store.setState({ delivery: sent.codeDeliveryDetails });
        return null;
      } catch (error) {
        return isUnexpected(error) ? clientError('resendConfirmationCode') : toResult(error);
      }
    },
    async signInWithCode() {
      try {
        const reply = await signInWithCode(api, { email: email() });
        challengeVia = 'email_code';
        return await onReply(reply);
      } catch (error) {
        const result = toResult(error);
        if (result.type === 'step' && result.step === 'otpcode') return toConfirmation();
        return signInResult(result);
      }
    },
    async answerChallenge(code) {
      // The sign-in starts again from the password (or the email when none is kept), the message said on the way.
      const again = (): AuthStep => (email() === '' ? 'auth' : 'password');
      const challenge = store.getState().challenge;
      if (!challenge) return clientError('noLoginSession', { then: again() });
      try {
        const reply = await respondToChallenge(api, {
          challengeName: challenge.name,
          session: challenge.session,
          code: code.trim(),
        });
        return await onReply(reply);
      } catch (error) {
        if (isApiError(error) && error.code === 'no_login_session')
          return clientError('noLoginSession', { then: again() });
        if (isApiError(error) && error.code === 'challenge_failed')
          return clientError('challengeFailed', { then: again() });
        // No answer (a connection or server failure): the same code can be sent again from this step.
        if (isUnexpected(error)) return clientError('challengeFailed');
        return toResult(error);
      }
    },
    finish,
    reset() {
      password = null;
      challengeVia = null;
      store.setState({ ...INITIAL });
    },
  };
}

const flows = new WeakMap<AuthStore, AuthFlow>();

/** One flow per auth store, shared by /auth and every /v1/auth step. */
export function authFlowFor(deps: AuthFlowDeps): AuthFlow {
  let flow = flows.get(deps.auth);
  if (!flow) {
    flow = createAuthFlow(deps);
    flows.set(deps.auth, flow);
  }
  return flow;
}
