import { VERIFICATION_LINK_TTL_MINUTES, type ValidateSmsReply, type VerificationStatus } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { findRecordCountry } from '../kyc';
import type { VerificationContext } from './context';
import { hashLinkToken } from './link-token';
import { findSession } from './repository';

/**
 * The capture token lives as long as a link does (15 minutes), counted from the moment the link is opened: a link
 * opened in its last minute still leaves the phone the whole time to capture. It is never valid more than twice the
 * link's life after the SMS was sent. Whole seconds, because a JWT's expiry is in seconds.
 */
export const CAPTURE_TOKEN_MINUTES = VERIFICATION_LINK_TTL_MINUTES;

/**
 * Consumes a link token (a second use, an unknown token and an expired one are refused) and gives the phone, which
 * has no sign-in, a capture token for that user's capture calls (decision 010), with the KYC record's country as the
 * document's default.
 */
export async function validateVerificationSms(ctx: VerificationContext, token: string): Promise<ValidateSmsReply> {
  const consumed = await ctx.db.transaction(async (tx) => {
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
    return { session, now, country: await findRecordCountry(tx, session.user_id) };
  });
  const { session, now } = consumed;
  const expiresAt = new Date(Math.floor((now.getTime() + CAPTURE_TOKEN_MINUTES * 60_000) / 1000) * 1000);
  const captureToken = await ctx.tokens.captureToken(
    { userGuid: session.user_id, verificationSessionId: session.id },
    expiresAt,
  );
  return {
    valid: true as const,
    userGuid: session.user_id,
    sessionId: session.id,
    status: session.status as VerificationStatus,
    captureToken,
    captureTokenExpiresAt: expiresAt.toISOString(),
    country: consumed.country,
  };
}
