import type {
  AuthenticatedReply,
  ChallengeName,
  CodeDeliveryDetails,
  IdentityLocale,
  SignInResponse,
} from '@rampart/contracts';
import { isApiError, type ApiClient } from '../../lib/api';
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
import type { AuthStore } from './auth-store';
import type { AuthStep } from './auth-steps';
import { loginMethodOf } from '@rampart/contracts';
import { mapAuthError, normaliseEmail, stepForChallenge, type AuthField } from './model';
import { clearSession, writeSession } from './session-storage';
import { loginResponseEntries } from './token-refresh';

/**
 * The sign-in and sign-up flow of document 1, section 4, as plain async steps: each call says where the flow
 * goes next (a step, done, or messages), and the pages navigate. The password stays in memory only, so that
 * the user is signed in automatically after confirming the emailed code; a reload forgets it.
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
  | { type: 'done' }
  | { type: 'fields'; fields: Partial<Record<AuthField, string>> }
  | { type: 'general'; message: string };

export interface AuthFlowDeps {
  api: ApiClient;
  auth: AuthStore;
  locale: () => IdentityLocale;
}

export interface AuthFlow {
  store: Store<FlowState>;
  /** The email of the first step, lower-cased; forgets the rest of an earlier attempt. */
  setEmail(email: string): void;
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

function toResult(error: unknown): FlowResult {
  if (!isApiError(error)) {
    return { type: 'general', message: error instanceof Error ? error.message : String(error) };
  }
  const outcome = mapAuthError(error);
  switch (outcome.kind) {
    case 'field':
      return { type: 'fields', fields: { [outcome.field]: outcome.message } };
    case 'fields':
      return { type: 'fields', fields: outcome.fields };
    case 'signup':
      return { type: 'step', step: 'signup' };
    case 'unconfirmed':
      return { type: 'step', step: 'otpcode' };
    case 'general':
      return { type: 'general', message: outcome.message };
  }
}

export function createAuthFlow({ api, auth, locale }: AuthFlowDeps): AuthFlow {
  const store = createStore<FlowState>(INITIAL);
  let password: string | null = null;
  let finishing: Promise<FlowResult> | null = null;

  const email = () => store.getState().email;

  function onReply(reply: SignInResponse): FlowResult {
    if ('authenticationResult' in reply) {
      store.setState({ tokens: reply, challenge: null });
      return { type: 'step', step: 'redirect' };
    }
    store.setState({
      challenge: { name: reply.challengeName, session: reply.session, delivery: reply.codeDeliveryDetails },
      delivery: reply.codeDeliveryDetails ?? null,
    });
    auth.setAuth2FAType(loginMethodOf(reply.challengeName));
    return { type: 'step', step: stepForChallenge(reply.challengeName) };
  }

  /** UserNotConfirmed: the code is sent again and the flow goes to the emailed-code step. */
  async function toConfirmation(): Promise<FlowResult> {
    try {
      const sent = await resendCode(api, { email: email() });
      store.setState({ delivery: sent.codeDeliveryDetails });
      return { type: 'step', step: 'otpcode' };
    } catch (error) {
      return toResult(error);
    }
  }

  async function trySignIn(withPassword: string, username: string): Promise<FlowResult> {
    password = withPassword;
    try {
      return onReply(await signIn(api, { email: username, password: withPassword }));
    } catch (error) {
      const result = toResult(error);
      if (result.type === 'step' && result.step === 'otpcode') return toConfirmation();
      return result;
    }
  }

  return {
    store,
    setEmail(value) {
      password = null;
      store.setState({ ...INITIAL, email: normaliseEmail(value) });
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
      try {
        await confirmSignUp(api, { email: email(), code: code.trim() });
      } catch (error) {
        return toResult(error);
      }
      // R22: the sign-up is done once the emailed code is confirmed.
      trackEvent('sign_up');
      // Signed in automatically after confirming; without the password (a reload) it is asked again.
      if (password === null) return { type: 'step', step: 'password' };
      return trySignIn(password, email());
    },
    async resendCode() {
      try {
        const sent = await resendCode(api, { email: email() });
        store.setState({ delivery: sent.codeDeliveryDetails });
        return null;
      } catch (error) {
        return toResult(error);
      }
    },
    async signInWithCode() {
      try {
        return onReply(await signInWithCode(api, { email: email() }));
      } catch (error) {
        const result = toResult(error);
        if (result.type === 'step' && result.step === 'otpcode') return toConfirmation();
        return result;
      }
    },
    async answerChallenge(code) {
      const challenge = store.getState().challenge;
      if (!challenge) return { type: 'step', step: 'password' };
      try {
        return onReply(
          await respondToChallenge(api, { challengeName: challenge.name, session: challenge.session, code: code.trim() }),
        );
      } catch (error) {
        return toResult(error);
      }
    },
    finish() {
      finishing ??= (async (): Promise<FlowResult> => {
        const tokens = store.getState().tokens;
        if (!tokens) return { type: 'step', step: 'auth' };
        try {
          writeSession({ refreshToken: tokens.authenticationResult.refreshToken });
          const login = await exchangeLoginToken(api, tokens.authenticationResult.idToken);
          writeSession(loginResponseEntries(login));
          let userInfo = { userGuid: login.userGuid, email: login.email };
          try {
            const user = await getUser(api);
            userInfo = { userGuid: user.userGuid, email: user.email };
          } catch (error) {
            console.debug('[auth] the user info could not be loaded', error);
          }
          password = null;
          store.setState({ ...INITIAL });
          auth.setLoggedIn(userInfo);
          trackEvent('login');
          return { type: 'done' };
        } catch (error) {
          clearSession();
          store.setState({ tokens: null });
          return toResult(error);
        }
      })().finally(() => {
        finishing = null;
      });
      return finishing;
    },
    reset() {
      password = null;
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
