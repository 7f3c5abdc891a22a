import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  isRestrictedCountry,
  PHONE_MAX_LENGTH,
  VERIFICATION_BACK_REQUIRED,
  VERIFICATION_MESSAGES,
  VERIFICATION_PHONE_MIN_LENGTH,
  type VerificationDocumentType,
  type VerificationSession,
  type VerificationStatus,
} from '@rampart/contracts';
import type { KeyedMessage } from '../../../lib/server-text';
import '../catalogue-texts';

/**
 * The identity capture's rules and small stores (docs/decisions/010). Pure functions and storage
 * helpers: the screens and the widget share them, the tests read them directly.
 */

// ---------------------------------------------------------------------------------------------------------------
// The phone form (document 2, section 5; R9)

export type PhoneCheck = { ok: true; e164: string } | { ok: false };

/**
 * Document 2, section 5: fewer than 6 characters is 'Invalid Phone'; so is a number the phone library cannot read
 * as a valid number (R9). A national number is read as a number of `country`; a number written with its '+' and
 * country code is read as such, and refused when that country is restricted (restricted countries are not in the
 * phone country list).
 */
export function checkPhone(input: string, country: string | null): PhoneCheck {
  const value = input.trim();
  if (value.length < VERIFICATION_PHONE_MIN_LENGTH || value.length > PHONE_MAX_LENGTH) return { ok: false };
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(value, (country?.toUpperCase() ?? undefined) as CountryCode | undefined);
  } catch {
    return { ok: false };
  }
  if (!parsed || !parsed.isValid()) return { ok: false };
  if (parsed.country && isRestrictedCountry(parsed.country)) return { ok: false };
  return { ok: true, e164: parsed.number };
}

/** '+12015550123' as '+1 201 555 0123' for reading; the stored text when the library cannot format it. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

// ---------------------------------------------------------------------------------------------------------------
// The verification session

/** The phone (or this device) finished the capture: the flow moves on. */
export const CAPTURE_DONE: readonly VerificationStatus[] = ['submitted', 'accepted', 'review'];
/** The capture came back with a decision that asks for something else. */
export const CAPTURE_REFUSED: readonly VerificationStatus[] = ['resubmit', 'rejected'];

export type PollOutcome =
  { kind: 'waiting' } | { kind: 'done' } | { kind: 'refused'; status: 'resubmit' | 'rejected'; reason: string | null };

/**
 * What a status check says while the user continues on the phone. `baselineSubmittedAt` is the session's
 * submittedAt when the link was sent: a resubmit or rejected decision from before (the reason this screen was
 * opened) is not news; only one about a newer submission is.
 */
export function pollOutcome(
  session: Pick<VerificationSession, 'status' | 'reason' | 'submittedAt'>,
  baselineSubmittedAt: string | null,
): PollOutcome {
  if (CAPTURE_DONE.includes(session.status)) return { kind: 'done' };
  if ((session.status === 'resubmit' || session.status === 'rejected') && session.submittedAt !== baselineSubmittedAt) {
    return { kind: 'refused', status: session.status, reason: session.reason };
  }
  return { kind: 'waiting' };
}

/** Document 2, section 9 rules for the capture: every document but the passport has a back side. */
export function needsBack(documentType: VerificationDocumentType): boolean {
  return VERIFICATION_BACK_REQUIRED.includes(documentType);
}

// ---------------------------------------------------------------------------------------------------------------
// The capture device's id (socureDeviceId of document 1, section 3)

export const DEVICE_ID_KEY = 'rampart.idv.deviceId';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random id kept in localStorage ('web:' and 32 hex digits), so the same browser keeps the same id. */
export function deviceId(storage: Storage | null = safeStorage('local')): string {
  const stored = storage?.getItem(DEVICE_ID_KEY);
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  const fresh = `web:${randomHex(16)}`;
  try {
    storage?.setItem(DEVICE_ID_KEY, fresh);
  } catch {
    // A full or blocked storage: the id still serves this capture.
  }
  return fresh;
}

export function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The phone page's capture token (docs/decisions/010): the link is single use, so what it gave is kept for
// this tab (sessionStorage), and a reload keeps working until the token expires.

export const CAPTURE_TOKEN_KEY = 'rampart.idv.capture';

export interface StoredCapture {
  captureToken: string;
  /** ISO time. */
  expiresAt: string;
  country: string | null;
  status: VerificationStatus;
}

export function saveCapture(capture: StoredCapture, storage: Storage | null = safeStorage('session')): void {
  try {
    storage?.setItem(CAPTURE_TOKEN_KEY, JSON.stringify(capture));
  } catch {
    // Without storage a reload asks for a new link; the capture itself still works.
  }
}

export function readCapture(storage: Storage | null = safeStorage('session')): StoredCapture | null {
  const raw = storage?.getItem(CAPTURE_TOKEN_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCapture>;
    if (typeof value.captureToken !== 'string' || typeof value.expiresAt !== 'string') return null;
    return {
      captureToken: value.captureToken,
      expiresAt: value.expiresAt,
      country: typeof value.country === 'string' ? value.country : null,
      status: (value.status ?? 'capturing') as VerificationStatus,
    };
  } catch {
    return null;
  }
}

export function clearCapture(storage: Storage | null = safeStorage('session')): void {
  storage?.removeItem(CAPTURE_TOKEN_KEY);
}

export function isExpired(expiresAt: string, now: number = Date.now()): boolean {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) || at <= now;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages shown in the user's language by key (decision 083): a reply's English with its key, or one of the
// verification catalogue's, shown through useServerText.

export interface KeyedText {
  readonly text: string;
  readonly key?: KeyedMessage | undefined;
}

/** One of the verification catalogue's messages, with its key. */
export function verificationText(name: keyof (typeof VERIFICATION_MESSAGES)['en']): KeyedText {
  return { text: VERIFICATION_MESSAGES.en[name], key: { key: `verification.${name}` } };
}
