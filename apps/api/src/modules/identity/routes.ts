import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthcheckFailure,
  AuthcheckResponse,
  ChallengeReply,
  ChangePasswordRequest,
  CodeDeliveryResponse,
  ConfirmForgotPasswordRequest,
  ConfirmSignUpRequest,
  ConfirmSignUpResponse,
  DevOutboxQuery,
  DevOutboxResponse,
  EmailOnlyRequest,
  LoginTokenError,
  LoginTokenRequest,
  LoginTokenResponse,
  MfaPreferenceRequest,
  OkResponse,
  ReauthenticateRequest,
  ReauthenticateResponse,
  RefreshRequest,
  RefreshResponse,
  RespondToChallengeRequest,
  SignInRequest,
  SignInResponse,
  SignOutRequest,
  SignUpRequest,
  SignUpResponse,
  TotpAssociateRequest,
  TotpAssociateResponse,
  TotpVerifyRequest,
  UpdateAttributesRequest,
  UpdateAttributesResponse,
  UserInfo,
  VerifyAttributeRequest,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/schemas';
import { bearerTokenOf, requireUser } from '../../plugins/auth';
import { errorBody, toAppError } from '../../plugins/errors';
import { associateTotp } from './associate-totp';
import { changePassword } from './change-password';
import { confirmForgotPassword } from './confirm-forgot-password';
import { confirmSignUp } from './confirm-sign-up';
import type { IdentityContext, RequestMeta } from './context';
import { exchangeLoginToken } from './exchange-login-token';
import { forgotPassword } from './forgot-password';
import { getUser } from './get-user';
import { listDevOutbox } from './list-dev-outbox';
import { localeFromAcceptLanguage } from './locale';
import { reauthenticate, sendReauthCode } from './reauthenticate';
import { refreshSession } from './refresh-session';
import { resendCode } from './resend-code';
import { respondToChallenge } from './respond-to-challenge';
import { setMfaPreference } from './set-mfa-preference';
import { signIn } from './sign-in';
import { signInWithCode } from './sign-in-with-code';
import { signOut } from './sign-out';
import { signUp } from './sign-up';
import { updateAttributes } from './update-attributes';
import { verifyAttribute } from './verify-attribute';
import { verifyBearer } from './verify-bearer';
import { verifyTotp } from './verify-totp';

const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip });
const tags = ['identity'];

/** The user pool (decision 006) and the spec's own auth calls. Thin: each handler is one use case. */
export const identityRoutes: FastifyPluginAsyncZod<{ ctx: IdentityContext; devOutbox: boolean }> = async (
  app,
  { ctx, devOutbox },
) => {
  // Authenticated before the body is validated, like every other module: an anonymous caller learns nothing about
  // the body's rules (401 first; the hardening sweep's matrix, decision 038).
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/identity/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account; a 6-digit code is emailed',
        body: SignUpRequest,
        response: { 200: SignUpResponse, ...errorResponses },
      },
    },
    // The language of the messages: the body's, else Accept-Language (R18).
    async (request) =>
      signUp(ctx, request.body, request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language'])),
  );
  app.post(
    '/identity/confirm-sign-up',
    {
      schema: {
        tags,
        summary: 'Confirm the email with its code',
        body: ConfirmSignUpRequest,
        response: { 200: ConfirmSignUpResponse, ...errorResponses },
      },
    },
    async (request) => confirmSignUp(ctx, request.body, meta(request)),
  );
  app.post(
    '/identity/resend-code',
    {
      schema: {
        tags,
        summary: 'Send the sign-up code again',
        body: EmailOnlyRequest,
        response: { 200: CodeDeliveryResponse, ...errorResponses },
      },
    },
    async (request) => resendCode(ctx, request.body),
  );
  app.post(
    '/identity/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with the password; replies with the second-factor challenge',
        body: SignInRequest,
        response: { 200: SignInResponse, ...errorResponses },
      },
    },
    async (request) => signIn(ctx, request.body, meta(request)),
  );
  app.post(
    '/identity/sign-in-with-code',
    {
      schema: {
        tags,
        summary: 'Sign in with a code sent to the email (custom challenge)',
        body: EmailOnlyRequest,
        response: { 200: ChallengeReply, ...errorResponses },
      },
    },
    async (request) => signInWithCode(ctx, request.body, meta(request)),
  );
  app.post(
    '/identity/respond-to-challenge',
    {
      schema: {
        tags,
        summary: 'Answer a challenge with its code',
        body: RespondToChallengeRequest,
        response: { 200: SignInResponse, ...errorResponses },
      },
    },
    async (request) => respondToChallenge(ctx, request.body, meta(request)),
  );
  app.post(
    '/identity/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a code to reset the password',
        body: EmailOnlyRequest,
        response: { 200: CodeDeliveryResponse, ...errorResponses },
      },
    },
    async (request) => forgotPassword(ctx, request.body),
  );
  app.post(
    '/identity/confirm-forgot-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the emailed code; signs out every session',
        body: ConfirmForgotPasswordRequest,
        response: { 200: OkResponse, ...errorResponses },
      },
    },
    async (request) => confirmForgotPassword(ctx, request.body, meta(request)),
  );
  app.post(
    '/identity/refresh',
    {
      schema: {
        tags,
        summary: 'New access and id tokens from the refresh token',
        body: RefreshRequest,
        response: { 200: RefreshResponse, ...errorResponses },
      },
    },
    async (request) => refreshSession(ctx, request.body),
  );

  app.post(
    '/identity/change-password',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change the password; signs out the other sessions',
        body: ChangePasswordRequest,
        response: { 200: OkResponse, ...errorResponses },
      },
    },
    async (request) => changePassword(ctx, requireUser(request), request.body, meta(request)),
  );
  app.post(
    '/identity/reauthenticate',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Confirm it is you (password or current factor code) before a second-factor change',
        body: ReauthenticateRequest,
        response: { 200: ReauthenticateResponse, ...errorResponses },
      },
    },
    async (request) => reauthenticate(ctx, requireUser(request), request.body, meta(request)),
  );
  app.post(
    '/identity/reauthenticate/send-code',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Send a re-authentication code by email or SMS',
        response: { 200: CodeDeliveryResponse, ...errorResponses },
      },
    },
    async (request) => sendReauthCode(ctx, requireUser(request)),
  );
  app.post(
    '/identity/totp/associate',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start setting up the authenticator app: secret and otpauth URI',
        body: TotpAssociateRequest,
        response: { 200: TotpAssociateResponse, ...errorResponses },
      },
    },
    async (request) => associateTotp(ctx, requireUser(request), request.body),
  );
  app.post(
    '/identity/totp/verify',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Verify the authenticator app with a code; it becomes the second factor',
        body: TotpVerifyRequest,
        response: { 200: UserInfo, ...errorResponses },
      },
    },
    async (request) => verifyTotp(ctx, requireUser(request), request.body, meta(request)),
  );
  app.post(
    '/identity/mfa-preference',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Choose the second factor (EMAIL_OTP disables the authenticator)',
        body: MfaPreferenceRequest,
        response: { 200: UserInfo, ...errorResponses },
      },
    },
    async (request) => setMfaPreference(ctx, requireUser(request), request.body),
  );
  app.post(
    '/identity/sign-out',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke this session (or all with global)',
        body: SignOutRequest.optional(),
        response: { 200: OkResponse, ...errorResponses },
      },
    },
    async (request) => signOut(ctx, requireUser(request), request.body ?? { global: false }),
  );
  app.get(
    '/identity/user',
    { ...signedIn, schema: { tags, summary: 'The signed-in user', response: { 200: UserInfo, ...errorResponses } } },
    async (request) => getUser(ctx, requireUser(request)),
  );
  app.post(
    '/identity/user/attributes',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Update language, application name or phone number',
        body: UpdateAttributesRequest,
        response: { 200: UpdateAttributesResponse, ...errorResponses },
      },
    },
    async (request) => updateAttributes(ctx, requireUser(request), request.body),
  );
  app.post(
    '/identity/user/verify-attribute',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Confirm a new phone number with its SMS code',
        body: VerifyAttributeRequest,
        response: { 200: UserInfo, ...errorResponses },
      },
    },
    async (request) => verifyAttribute(ctx, requireUser(request), request.body, meta(request)),
  );

  // Document 2, section 7: the SPA needs HTTP 200 and reads `errorMessage` on failure, so every failure of
  // this route, bad input included, carries it.
  app.post(
    '/auth-token-login-request',
    {
      schema: {
        tags,
        summary: "Exchange the pool's id token for the API's login token",
        body: LoginTokenRequest,
        response: { 200: LoginTokenResponse, '4xx': LoginTokenError, '5xx': LoginTokenError },
      },
      errorHandler: (error, request, reply) => {
        const appError = toAppError(error);
        if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
        return reply.code(appError.status).send({ ...errorBody(appError, request.id), errorMessage: appError.message });
      },
    },
    async (request) => exchangeLoginToken(ctx, request.body),
  );

  app.post(
    '/user/authcheck',
    {
      schema: {
        tags,
        summary: 'Whether the bearer token names a live session',
        response: { 200: AuthcheckResponse, 401: AuthcheckFailure, ...errorResponses },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerTokenOf(request);
      const user = token ? await verifyBearer(ctx, token) : null;
      if (user) return reply.send({ valid: true });
      return reply.code(401).send({ ...errorBody(new AppError('unauthenticated'), request.id), valid: false });
    },
  );

  if (devOutbox) {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Mail and SMS sent to an address (never in production)',
          querystring: DevOutboxQuery,
          response: { 200: DevOutboxResponse, ...errorResponses },
        },
      },
      async (request) => listDevOutbox(ctx.db, request.query.to),
    );
  }
};
