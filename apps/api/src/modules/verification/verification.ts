import { createHash, randomBytes } from 'node:crypto';
import {
  VERIFICATION_LINK_TTL_MINUTES,
  VERIFICATION_SMS_PER_WINDOW,
  VERIFICATION_SUBMITTABLE,
  type SendSmsReply,
  type SubmitDocumentRequest,
  type ValidateSmsReply,
  type VerificationSession,
  type VerificationStatus,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { enqueueOutbox } from '../../providers/mail/outbox';
import type { VerificationContext } from './context';
import { enqueueDecision } from './decide-verification';
import { findSession, findSessionOfUser, lockOrStartSession, toSession, type SessionRow } from './repository';

/** The caller's session with its decision; not_started (sessionId null) before anything was done. */
export async function getVerificationStatus(ctx: VerificationContext, userId: string): Promise<VerificationSession> {
  return toSession(await findSessionOfUser(ctx.db, userId));
}

/** Records the capture (status submitted) and enqueues the decision job in the same transaction. */
export async function submitDocument(ctx: VerificationContext, userId: string, body: SubmitDocumentRequest): Promise<VerificationSession> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const session = await lockOrStartSession(tx, userId, now);
    if (!VERIFICATION_SUBMITTABLE.includes(session.status)) throw new AppError('verification_already_submitted');
    const { rows } = await tx.query<SessionRow>(
      `UPDATE identity_verifications
       SET status = 'submitted', document_type = $2, front_ref = $3, back_ref = $4, selfie_ref = $5, device_id = $6,
           reason = NULL, decided_at = NULL, submitted_at = $7, updated_at = $7
       WHERE id = $1 RETURNING *`,
      [session.id, body.documentType, body.front, body.back ?? null, body.selfie, body.deviceId ?? null, now],
    );
    await enqueueDecision(ctx.jobs, tx, session.id);
    return toSession(rows[0]);
  });
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Sends the continue-on-phone link by SMS (through the outbox, in the same transaction as the token). The token is
 * 32 random bytes; only its SHA-256 is stored. `origin` is where the SPA is served (the request's own origin).
 */
export async function sendVerificationSms(ctx: VerificationContext, userId: string, phone: string, origin: string): Promise<SendSmsReply> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const session = await lockOrStartSession(tx, userId, now);
    if (!VERIFICATION_SUBMITTABLE.includes(session.status)) throw new AppError('verification_already_submitted');
    // A cap on links per session and window: the SMS costs money and lands on someone's phone.
    const { rows: recent } = await tx.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM identity_verification_links WHERE session_id = $1 AND created_at > $2',
      [session.id, new Date(now.getTime() - VERIFICATION_LINK_TTL_MINUTES * 60_000)],
    );
    if (Number(recent[0]?.n ?? 0) >= VERIFICATION_SMS_PER_WINDOW) throw new AppError('rate_limited');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_TTL_MINUTES * 60_000);
    await tx.query(
      `INSERT INTO identity_verification_links (session_id, token_hash, phone, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [session.id, hashLinkToken(token), phone, expiresAt, now],
    );
    const link = `${origin}/kyc/continue?token=${token}`;
    await enqueueOutbox(
      tx,
      ctx.jobs,
      {
        channel: 'sms',
        to: phone,
        template: 'verification-continue-on-phone',
        locale: 'en',
        subject: null,
        text: `Rampart: continue your identity verification on this phone: ${link} (valid ${VERIFICATION_LINK_TTL_MINUTES} minutes, single use)`,
        html: null,
      },
      now,
    );
    return { sent: true as const, linkExpiresAt: expiresAt.toISOString() };
  });
}

/** Consumes a link token: a second use, an unknown token and an expired one are refused. */
export async function validateVerificationSms(ctx: VerificationContext, token: string): Promise<ValidateSmsReply> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const hash = hashLinkToken(token);
    const { rows } = await tx.query<{ session_id: string; used_at: Date | null; expires_at: Date | string }>(
      'SELECT session_id, used_at, expires_at FROM identity_verification_links WHERE token_hash = $1 FOR UPDATE',
      [hash],
    );
    const link = rows[0];
    if (!link || link.used_at !== null) throw new AppError('verification_link_invalid');
    if (new Date(link.expires_at).getTime() <= now.getTime()) throw new AppError('verification_link_expired');
    await tx.query('UPDATE identity_verification_links SET used_at = $2 WHERE token_hash = $1', [hash, now]);
    const session = await findSession(tx, link.session_id);
    if (!session) throw new AppError('verification_link_invalid');
    return { valid: true as const, userGuid: session.user_id, sessionId: session.id, status: session.status as VerificationStatus };
  });
}
