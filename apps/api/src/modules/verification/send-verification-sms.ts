import { randomBytes } from 'node:crypto';
import {
  VERIFICATION_LINK_TTL_MINUTES,
  VERIFICATION_SMS_PER_WINDOW,
  VERIFICATION_SUBMITTABLE,
  type SendSmsReply,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { enqueueOutbox } from '../../providers/mail/outbox';
import type { VerificationContext } from './context';
import { hashLinkToken } from './link-token';
import { lockOrStartSession } from './repository';

/**
 * Sends the continue-on-phone link by SMS (through the outbox, in the same transaction as the token). The token is
 * 32 random bytes; only its SHA-256 is stored. `origin` is where the SPA is served. The link comes back to the
 * signed-in owner too, so the widget can show it as a QR code (decision 010).
 */
export async function sendVerificationSms(
  ctx: VerificationContext,
  userId: string,
  phone: string,
  origin: string,
): Promise<SendSmsReply> {
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
    return { sent: true as const, linkExpiresAt: expiresAt.toISOString(), link };
  });
}
