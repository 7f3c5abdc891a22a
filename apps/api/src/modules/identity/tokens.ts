import { createHash, createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { ChallengeName, LoginMethodType } from '@rampart/contracts';
import type { Clock } from '../../lib/clock';

/** Short-lived signed tokens (HS256, jsonwebtoken). Refresh tokens are random strings, kept only as SHA-256. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const LOGIN_TOKEN_SECONDS = 15 * 60;
/** As long as an emailed code lives, so the challenge outlives the code it waits for. */
export const CHALLENGE_SECONDS = 10 * 60;
export const REAUTH_SECONDS = 5 * 60;
export const REFRESH_TOKEN_DAYS = 30;
/**
 * How long a refresh token just replaced by rotation is still accepted (decision 050): a second tab that read it
 * before the first stored its successor, or a retry after a lost reply. Used again later, it revokes its session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

const ISSUER = 'rampart';
const AUDIENCE = 'rampart';
/**
 * Capture tokens (decision 010) have an audience of their own as well as their own token_use: a login check
 * (audience rampart) can never accept one, and the capture check never accepts a login token.
 */
const CAPTURE_AUDIENCE = 'rampart-capture';

/** access: identity calls; id: exchanged for the login token; api: the login token every API call sends. */
export type SessionTokenUse = 'access' | 'id' | 'api';

export interface SessionClaims {
  use: SessionTokenUse;
  userGuid: string;
  sessionId: string;
  email: string;
}

export interface ChallengeClaims {
  userGuid: string;
  challengeName: ChallengeName;
  /** How the first step was passed: a password, or the emailed sign-in code (custom challenge). */
  via: 'password' | 'email_code';
}

/** What a capture token carries: the user (sub) and the identity-verification session it was issued for. */
export interface CaptureClaims {
  userGuid: string;
  verificationSessionId: string;
}

export interface TokenService {
  sessionToken(claims: SessionClaims, seconds: number): Promise<string>;
  verifySessionToken(token: string, uses: readonly SessionTokenUse[]): Promise<SessionClaims | null>;
  challengeToken(claims: ChallengeClaims): Promise<string>;
  verifyChallengeToken(token: string): Promise<ChallengeClaims | null>;
  reauthToken(userGuid: string, sessionId: string): Promise<string>;
  verifyReauthToken(token: string): Promise<{ userGuid: string; sessionId: string } | null>;
  /** A bearer token for the capture calls only, valid until `expiresAt` (the phone of continue-on-phone). */
  captureToken(claims: CaptureClaims, expiresAt: Date): Promise<string>;
  verifyCaptureToken(token: string): Promise<CaptureClaims | null>;
}

/**
 * How many checked tokens the service remembers. A client sends the same login token with every call until it expires
 * (15 minutes): its signature, issuer and audience are checked once, and later calls with the same bytes only check
 * the expiry against the clock (decision 044). Bounded, least recently used out first; a token never checked, or
 * refused, is not remembered.
 */
export const CHECKED_TOKENS_CACHED = 10_000;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createTokenService(key: Uint8Array, clock: Clock): TokenService {
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  // A KeyObject made once: handed bytes, jsonwebtoken tries them as a public key (which throws) before using them as a
  // secret, on every signature and every check: 41 % of the API's CPU in the quote benchmark (decision 041).
  const secret = createSecretKey(Buffer.from(key));

  /**
   * Signed and checked with jsonwebtoken, synchronously on node:crypto's HMAC: jose's WebCrypto calls hand every check
   * to the thread pool and back, which took a seventh of a signed-in request's time in the quote benchmark (decision
   * 041). The time is the service's clock, so tests move it instead of sleeping.
   */
  async function sign(
    payload: Record<string, unknown>,
    subject: string,
    lifetime: number,
    audience: string = AUDIENCE,
  ): Promise<string> {
    const iat = seconds();
    return jwt.sign({ ...payload, iat, exp: iat + lifetime }, secret, {
      algorithm: 'HS256',
      issuer: ISSUER,
      audience,
      subject,
      jwtid: randomUUID(),
    });
  }

  // Keyed by audience and token: the same bytes checked for another audience are checked again.
  const checked = new LRUCache<string, JwtPayload & { exp: number }>({ max: CHECKED_TOKENS_CACHED });

  /** The payload of a token this service signed for `audience`, unexpired at the clock's time (exp refused from its second); else null. */
  async function verify(token: string, audience: string = AUDIENCE): Promise<JwtPayload | null> {
    const now = seconds();
    const key = `${audience} ${token}`;
    const known = checked.get(key);
    if (known) {
      if (now < known.exp) return known;
      checked.delete(key);
      return null;
    }
    try {
      const payload = jwt.verify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        clockTimestamp: now,
      });
      // Every token here is signed with an expiry; one without is not ours.
      if (typeof payload !== 'object' || typeof payload.exp !== 'number') return null;
      const valid = payload as JwtPayload & { exp: number };
      checked.set(key, valid);
      return valid;
    } catch {
      return null;
    }
  }

  const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

  return {
    sessionToken(claims, lifetime) {
      return sign({ token_use: claims.use, sid: claims.sessionId, email: claims.email }, claims.userGuid, lifetime);
    },
    async verifySessionToken(token, uses) {
      const p = await verify(token);
      const use = p?.['token_use'];
      const sid = str(p?.['sid']);
      const email = str(p?.['email']);
      const sub = str(p?.sub);
      if (!p || !sid || !email || !sub || typeof use !== 'string' || !(uses as readonly string[]).includes(use))
        return null;
      return { use: use as SessionTokenUse, userGuid: sub, sessionId: sid, email };
    },
    challengeToken(claims) {
      return sign(
        { token_use: 'challenge', ch: claims.challengeName, via: claims.via },
        claims.userGuid,
        CHALLENGE_SECONDS,
      );
    },
    async verifyChallengeToken(token) {
      const p = await verify(token);
      const sub = str(p?.sub);
      const ch = p?.['ch'];
      const via = p?.['via'];
      if (!p || p['token_use'] !== 'challenge' || !sub) return null;
      if (ch !== 'SOFTWARE_TOKEN_MFA' && ch !== 'EMAIL_OTP' && ch !== 'SMS_OTP' && ch !== 'CUSTOM_CHALLENGE')
        return null;
      if (via !== 'password' && via !== 'email_code') return null;
      return { userGuid: sub, challengeName: ch, via };
    },
    reauthToken(userGuid, sessionId) {
      return sign({ token_use: 'reauth', sid: sessionId }, userGuid, REAUTH_SECONDS);
    },
    async verifyReauthToken(token) {
      const p = await verify(token);
      const sub = str(p?.sub);
      const sid = str(p?.['sid']);
      if (!p || p['token_use'] !== 'reauth' || !sub || !sid) return null;
      return { userGuid: sub, sessionId: sid };
    },
    captureToken(claims, expiresAt) {
      const lifetime = Math.max(1, Math.floor(expiresAt.getTime() / 1000) - seconds());
      return sign(
        { token_use: 'capture', vsid: claims.verificationSessionId },
        claims.userGuid,
        lifetime,
        CAPTURE_AUDIENCE,
      );
    },
    async verifyCaptureToken(token) {
      const p = await verify(token, CAPTURE_AUDIENCE);
      const sub = str(p?.sub);
      const vsid = str(p?.['vsid']);
      if (!p || p['token_use'] !== 'capture' || !sub || !vsid) return null;
      return { userGuid: sub, verificationSessionId: vsid };
    },
  };
}

export type { LoginMethodType };
