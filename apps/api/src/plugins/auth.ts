import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** The signed-in user a request acts for. Every object is read through its owner: use `userGuid`. */
export interface AuthUser {
  userGuid: string;
  email: string;
  /** The login session; for a capture token, the identity-verification session the token was issued for. */
  sessionId: string;
  /**
   * How the request proved who it is: a login token, a capture token (decision 010, capture calls only), or a bank
   * link handoff's access token (decision 034, bank-link calls only; `sessionId` is then the handoff's id).
   */
  via: 'login' | 'capture' | 'bank-link';
  /** For a bank-link access token: the bank method it re-authenticates, or null when it links a new bank. */
  bankLinkReauthMethodId?: string | null;
  /** R5: the custodial account's frozen flag when the session lookup read it along; absent, the guard reads it. */
  accountFrozen?: boolean;
}

/** Turns a bearer token into a user, or null when it names no live session. */
export type BearerVerifier = (token: string) => Promise<AuthUser | null>;

/** Runs once the user is known, on every signed-in route; throws to refuse (R5's freeze guard, plugins/freeze-guard.ts). */
export type UserGuard = (request: FastifyRequest, user: AuthUser) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a bearer token of a live session; sets request.user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * For the capture calls only (decision 010): a login token as `authenticate` takes it, or a capture token
     * (request.user.via 'capture'). Every other route uses `authenticate`, which refuses capture tokens.
     */
    authenticateCapture: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** For the bank-link calls only (decision 034): a login token, or a wallet bank-link handoff's access token. */
    authenticateBankLink: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The user of a route guarded by `authenticate`; a programming error if the guard is missing. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    options: {
      verify: BearerVerifier;
      verifyCapture: BearerVerifier;
      verifyBankLink: BearerVerifier;
      guard?: UserGuard;
    },
  ) {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      const user = token ? await options.verify(token) : null;
      if (!user) throw new AppError('unauthenticated');
      request.user = user;
      await options.guard?.(request, user);
    });
    app.decorate('authenticateCapture', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      // The two kinds have different audiences, so at most one of the checks can accept a given token.
      const user = token ? ((await options.verify(token)) ?? (await options.verifyCapture(token))) : null;
      if (!user) throw new AppError('unauthenticated');
      request.user = user;
      await options.guard?.(request, user);
    });
    app.decorate('authenticateBankLink', async (request: FastifyRequest) => {
      const token = bearerTokenOf(request);
      // Access tokens are opaque and prefixed; a login token is a JWT: at most one of the checks accepts a token.
      const user = token ? ((await options.verify(token)) ?? (await options.verifyBankLink(token))) : null;
      if (!user) throw new AppError('unauthenticated');
      request.user = user;
      await options.guard?.(request, user);
    });
  },
  { name: 'rampart-auth' },
);
