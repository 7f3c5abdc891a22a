import {
  CLIENT_CONSTANTS,
  IDENTITY_ERROR_FIELDS,
  loginMethodOf,
  newPasswordProblem,
  type ChallengeName,
  type IdentityException,
} from '@rampart/contracts';
import type { MessageKey } from '../../lib/api';
import { DEFAULT_REDIRECT, sanitizeRedirect } from '../../lib/redirect';
import type { AuthStep } from './auth-steps';

/*
 * The pure rules of the sign-in flow (document 1, section 4; document 2, section 8). Only zod-free constants
 * of @rampart/contracts are imported here (identity-constants.ts): the /auth chunk must stay small.
 */

/** The form fields of the flow. The user name is the email, so 'username' errors sit under the email field. */
export const AUTH_FIELDS = ['email', 'password', 'confirmPassword', 'code'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];

/** Document 2, section 9: the login token is renewed when it has less than this left. */
export const TOKEN_REFRESH_THRESHOLD_MS = CLIENT_CONSTANTS.tokenRefreshThresholdMs;

/** What an error of the identity service does to the flow. */
/** Messages travel in English with their keys beside them (decision 075): the screens translate by key. */
export type ErrorOutcome =
  | { kind: 'field'; field: AuthField; message: string; messageKey?: MessageKey }
  | { kind: 'fields'; fields: Partial<Record<AuthField, string>>; fieldKeys?: Partial<Record<AuthField, MessageKey>> }
  | { kind: 'signup' }
  | { kind: 'unconfirmed' }
  | { kind: 'general'; message: string; messageKey?: MessageKey };

/** The parts of an ApiError the mapping reads (kept structural so tests need no client). */
export interface ErrorLike {
  code?: string | undefined;
  message: string;
  fields?: Record<string, string>;
  messageKey?: MessageKey | undefined;
  fieldKeys?: Record<string, MessageKey>;
}

const withKey = (key: MessageKey | undefined) => (key ? { messageKey: key } : {});

function fieldOf(name: string): AuthField | undefined {
  if (name === 'username') return 'email';
  return (AUTH_FIELDS as readonly string[]).includes(name) ? (name as AuthField) : undefined;
}

/**
 * The identity error mapping of document 2, section 8: UserNotFound goes to sign-up, UserNotConfirmed resends
 * the code, the mapped exceptions land on their field, a request the server's validation refused lands on the
 * fields it names, everything else is a general error (the snackbar).
 */
export function mapAuthError(error: ErrorLike): ErrorOutcome {
  const code = error.code;
  if (code === 'UserNotFoundException') return { kind: 'signup' };
  if (code === 'UserNotConfirmedException') return { kind: 'unconfirmed' };
  const mapped = code ? IDENTITY_ERROR_FIELDS[code as IdentityException] : undefined;
  if (mapped) {
    const key = error.fieldKeys?.[mapped] ?? error.messageKey;
    return { kind: 'field', field: fieldOf(mapped) ?? 'email', message: error.message, ...withKey(key) };
  }
  const fields: Partial<Record<AuthField, string>> = {};
  const fieldKeys: Partial<Record<AuthField, MessageKey>> = {};
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const field = fieldOf(name);
    if (!field || fields[field] !== undefined) continue;
    fields[field] = message;
    const key = error.fieldKeys?.[name];
    if (key) fieldKeys[field] = key;
  }
  if (Object.keys(fields).length > 0) {
    return { kind: 'fields', fields, ...(Object.keys(fieldKeys).length > 0 ? { fieldKeys } : {}) };
  }
  return { kind: 'general', message: error.message, ...withKey(error.messageKey) };
}

/** The step that asks for the answer to a challenge. */
export function stepForChallenge(challenge: ChallengeName): AuthStep {
  if (challenge === 'CUSTOM_CHALLENGE') return 'email';
  const method = loginMethodOf(challenge);
  if (method === 'SOFTWARE_TOKEN_MFA') return 'totp';
  if (method === 'EMAIL_OTP' || method === 'SMS_OTP') return 'otp';
  return 'redirect';
}

/** '/v1/auth/<step>' keeping the redirect query (left out when it is the default). */
export function authStepHref(step: AuthStep, redirect: string = DEFAULT_REDIRECT): string {
  const safe = sanitizeRedirect(redirect);
  return `/v1/auth/${step}${safe === DEFAULT_REDIRECT ? '' : `?redirect=${encodeURIComponent(safe)}`}`;
}

/** '/auth' keeping the redirect query. */
export function authEntryHref(redirect: string = DEFAULT_REDIRECT): string {
  const safe = sanitizeRedirect(redirect);
  return `/auth${safe === DEFAULT_REDIRECT ? '' : `?redirect=${encodeURIComponent(safe)}`}`;
}

/** R11: how long a login token is taken to live when its reply says nothing of its expiry (decision 004). */
export const FALLBACK_TOKEN_LIFETIME_MS = CLIENT_CONSTANTS.fallbackTokenLifetimeSeconds * 1000;

/**
 * When a login token expires, as stored with it: the reply's `expiresAt`, else `expiresIn` seconds from now, else
 * the fallback lifetime of 60 seconds from now (R11, decision 004). A missing expiry never means "never expires".
 */
export function tokenExpiresAt(reply: { expiresAt?: unknown; expiresIn?: unknown }, now: number): string {
  if (typeof reply.expiresAt === 'string' && !Number.isNaN(Date.parse(reply.expiresAt))) return reply.expiresAt;
  if (typeof reply.expiresIn === 'number' && Number.isFinite(reply.expiresIn) && reply.expiresIn > 0) {
    return new Date(now + reply.expiresIn * 1000).toISOString();
  }
  return new Date(now + FALLBACK_TOKEN_LIFETIME_MS).toISOString();
}

/**
 * Whether the login token must be renewed before a call: it expires within the threshold (2 minutes).
 * An unreadable or missing expiry counts as expiring (a session stored without one), so the session is renewed
 * rather than used blindly.
 */
export function needsRefresh(
  expiresAt: string | null | undefined,
  now: number,
  thresholdMs: number = TOKEN_REFRESH_THRESHOLD_MS,
): boolean {
  if (!expiresAt) return true;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return true;
  return at - now <= thresholdMs;
}

/** Emails are lower-cased and trimmed before sign-up, sign-in and confirm (document 2, section 5). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The server's own rules for a new password (R3: its length; not only blanks), so the form says them before sending:
 * the key of the message under `identity.`, or undefined when the password is acceptable.
 */
export function newPasswordRuleKey(
  password: string,
): `identity.${NonNullable<ReturnType<typeof newPasswordProblem>>}` | undefined {
  const problem = newPasswordProblem(password);
  return problem ? `identity.${problem}` : undefined;
}

export function isSixDigitCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
