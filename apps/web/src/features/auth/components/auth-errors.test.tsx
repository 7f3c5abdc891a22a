import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createSession, type Session } from '../../../test/app-kit';
import { Button } from '../../../components/ui/button';
import { ApiError, type ApiClient } from '../../../lib/api';
import { AuthPage } from '../auth-page';
import { AuthStepPage } from '../auth-step-page';
import { authFlowFor } from '../flow';
import { useLogOut } from '../hooks/use-log-out';
import { clearSession, writeSession } from '../../../lib/session/session-storage';
import { createTokenProvider } from '../token-refresh';

/*
 * The auth errors of document 2, section 8, each shown where its condition arises in this product
 * (docs/decisions/066-auth-errors-and-settlement-texts.md).
 */

type Handler = (body: Record<string, unknown>) => unknown;

const delivery = { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' };
const challenge = {
  challengeName: 'EMAIL_OTP',
  loginMethod: 'EMAIL_OTP',
  session: 's1',
  codeDeliveryDetails: delivery,
};
const tokens = {
  loginMethod: 'EMAIL_OTP',
  authenticationResult: {
    accessToken: 'a',
    idToken: 'id',
    refreshToken: 'refresh',
    expiresIn: 900,
    tokenType: 'Bearer',
  },
};
const login = {
  userGuid: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  token: 'login-token',
  tokenType: 'Bearer',
  expiresAt: '2030-01-01T00:00:00.000Z',
  expiresIn: 900,
  loginMethod: 'EMAIL_OTP',
};

function apiError(code: string | undefined, message: string, statusCode: number | undefined) {
  return new ApiError({
    message,
    code,
    type: 'api_error',
    kind: statusCode === undefined ? 'connection' : 'general',
    statusCode,
  });
}

function fakeApi(handlers: Record<string, Handler>): { api: ApiClient; calls: string[] } {
  const calls: string[] = [];
  const api: ApiClient = {
    request: (async (path: string, options: { body?: Record<string, unknown> } = {}) => {
      calls.push(path);
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      return handler(options.body ?? {});
    }) as ApiClient['request'],
  };
  return { api, calls };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function StepRoute() {
  return <AuthStepPage step={useParams().step} />;
}

function SignOut() {
  const logOut = useLogOut();
  return <Button onPress={() => void logOut()}>Sign out</Button>;
}

function renderAt(path: string, session: Session) {
  render(
    <AppProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/v1/auth/:step" element={<StepRoute />} />
          <Route path="/" element={<SignOut />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

function setup(handlers: Record<string, Handler>) {
  const { api, calls } = fakeApi(handlers);
  const session = createSession(api);
  const flow = authFlowFor({ api, auth: session.auth, locale: () => 'en' });
  return { api, calls, session, flow };
}

beforeEach(() => {
  clearSession();
  vi.spyOn(console, 'debug').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('the auth errors of document 2, section 8', () => {
  it("'error confirming sign up': the sign-up code could not be confirmed for a reason the pool did not give", async () => {
    const { session, flow } = setup({
      '/identity/confirm-sign-up': () => {
        throw apiError('internal', 'Something went wrong on our side. Please try again.', 500);
      },
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/otpcode', session);
    await userEvent.setup().type(screen.getByLabelText('6-digit code'), '123456{Enter}');
    expect(await screen.findByText('error confirming sign up')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/otpcode'));
  });

  it("'no login session': the pool no longer knows the sign-in the code answers, and the sign-in starts again from the password", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => challenge,
      '/identity/respond-to-challenge': () => {
        throw apiError('no_login_session', 'no login session', 400);
      },
    });
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/otp', session);
    await userEvent.setup().type(screen.getByLabelText('6-digit code'), '123456{Enter}');
    expect(await screen.findByText('no login session')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/password'));
  });

  it('a right code signs in without a word of "no login session", however long the login token takes to come', async () => {
    // The exchange answers only when the test says, as a real network does some milliseconds later.
    let answer: (value: unknown) => void = () => {};
    const exchanged = new Promise((resolve) => (answer = resolve));
    const { session, flow, calls } = setup({
      '/identity/sign-in': () => challenge,
      '/identity/respond-to-challenge': () => tokens,
      '/auth-token-login-request': () => exchanged,
      '/identity/user': () => ({ userGuid: login.userGuid, email: login.email }),
    });
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/otp', session);
    await userEvent.setup().type(screen.getByLabelText('6-digit code'), '123456{Enter}');
    await waitFor(() => expect(calls).toContain('/auth-token-login-request'));
    // Between the code's answer and the login token, the step stays where it is, saying nothing.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/otp');
    answer(login);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(screen.queryByText('no login session')).toBeNull();
    expect(calls.filter((path) => path === '/identity/respond-to-challenge')).toHaveLength(1);
  });

  it("'no login session': a second-factor step opened with no sign-in waiting for it goes back to the email", async () => {
    const { session } = setup({});
    renderAt('/v1/auth/totp', session);
    expect(await screen.findByText('no login session')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth'));
  });

  it("'challenge failed': the pool refused the answer for another reason than a wrong code", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => challenge,
      '/identity/respond-to-challenge': () => {
        throw apiError('challenge_failed', 'challenge failed', 400);
      },
    });
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/otp', session);
    await userEvent.setup().type(screen.getByLabelText('6-digit code'), '123456{Enter}');
    expect(await screen.findByText('challenge failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/password'));
  });

  it("'error signing in.' with its detail: a sign-in refused for a reason no field holds", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => {
        throw apiError('LimitExceededException', 'Too many failed attempts. Please try again in 5 minutes.', 429);
      },
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/password', session);
    await userEvent.setup().type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(
      await screen.findByText('error signing in. Too many failed attempts. Please try again in 5 minutes.'),
    ).toBeInTheDocument();
  });

  it("'Email cannot be empty': the sign-up code step after a reload asks for the email, and refuses an empty one", async () => {
    const { session, calls } = setup({});
    renderAt('/v1/auth/otpcode', session);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('6-digit code'), '123456{Enter}');
    expect(await screen.findByText('Email cannot be empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("'resendConfirmationCode is undefined': a new sign-up code could not be sent for a reason the pool did not give", async () => {
    const { session, flow } = setup({
      '/identity/resend-code': () => {
        throw apiError('request.failed', 'An error occurred with our connection to the service', undefined);
      },
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/otpcode', session);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('resendConfirmationCode is undefined')).toBeInTheDocument();
  });

  it("'error signing out': the server could not end the session; this device is signed out anyway", async () => {
    const { session } = setup({
      '/identity/sign-out': () => {
        throw apiError('internal', 'Something went wrong on our side. Please try again.', 500);
      },
    });
    writeSession({ token: 'login-token', expiresAt: '2030-01-01T00:00:00.000Z' });
    session.auth.setLoggedIn({ email: 'a@example.com' });
    renderAt('/', session);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('error signing out')).toBeInTheDocument();
    expect(session.auth.getState().loggedIn).toBe(false);
  });

  it("'Fail to login with AWS': the pool signed in but the login-token exchange gave no login token", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => tokens,
      '/auth-token-login-request': () => ({ errorMessage: 'The identity token is invalid or expired.' }),
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/password', session);
    await userEvent.setup().type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(await screen.findByText('Fail to login with AWS')).toBeInTheDocument();
    expect(session.auth.getState().loggedIn).toBe(false);
  });

  it("'Error while getting auth token from the API with the HTTP code': the exchange answered an HTTP error, its status said", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => tokens,
      '/auth-token-login-request': () => {
        throw apiError('unavailable', 'The service is temporarily unavailable', 503);
      },
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/password', session);
    await userEvent.setup().type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(
      await screen.findByText('Error while getting auth token from the API with the HTTP code 503'),
    ).toBeInTheDocument();
  });

  it("'No user session for AWS login': the token exchange step opened with nothing from the pool to exchange", async () => {
    const { session } = setup({});
    renderAt('/v1/auth/redirect', session);
    expect(await screen.findByText('No user session for AWS login')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth'));
  });

  it("'Fail to get user for AWS': signed in, but the user could not be loaded", async () => {
    const { session, flow } = setup({
      '/identity/sign-in': () => tokens,
      '/auth-token-login-request': () => login,
      '/user/authcheck': () => ({ valid: true }),
      '/identity/user': () => {
        throw apiError('internal', 'Something went wrong on our side. Please try again.', 500);
      },
    });
    flow.setEmail('a@example.com');
    renderAt('/v1/auth/password', session);
    await userEvent.setup().type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(await screen.findByText('Fail to get user for AWS')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(session.auth.getState().loggedIn).toBe(true);
  });

  it("'No Cognito User Session Found': the stored login token names no live session at the start", async () => {
    const { session } = setup({ '/user/authcheck': () => ({ valid: false }) });
    writeSession({ token: 'stale-token', expiresAt: '2030-01-01T00:00:00.000Z' });
    renderAt('/auth', session);
    expect(await screen.findByText('No Cognito User Session Found')).toBeInTheDocument();
    expect(session.auth.getState().loggedIn).toBe(false);
  });

  it("'No user session in AWS Auth': the login token ran out with no pool session to renew it from", async () => {
    const { session } = setup({});
    writeSession({ token: 'old-token', expiresAt: '2020-01-01T00:00:00.000Z' });
    session.auth.setLoggedIn({ email: 'a@example.com' });
    const getToken = createTokenProvider({
      refresh: vi.fn(),
      exchange: vi.fn(),
      onSessionLost: () => session.auth.endSession('noUserSessionInAuth'),
    });
    await expect(getToken()).resolves.toBeNull();
    renderAt('/auth', session);
    expect(await screen.findByText('No user session in AWS Auth')).toBeInTheDocument();
    expect(session.auth.getState().loggedIn).toBe(false);
    await act(async () => {});
  });
});
