import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BANK_LINK_HANDOFF_MINUTES,
  type BankLinkHandoffRedeemReply,
  type BankLinkHandoffReply,
  type BankLinkHandoffStatusReply,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { MethodsContext } from './context';
import { findBankMethodOfUser, toBankAccount } from './repository';
import { findRelatedId } from '../kyc';

/**
 * Bank linking from the wallet mini-app (decision 034). The mini-app cannot show the bank's pages inside
 * the wallet, so it opens `url` in the wallet's browser, which has no session. The link's token (32 random bytes)
 * is single use: the browser redeems it for an access token, which the bank-link calls accept (`via: 'bank-link'`)
 * until the handoff expires or a bank is linked through it. Both are stored only as SHA-256. A handoff that names a
 * bank method re-authenticates that bank instead: its token opens that method's re-auth calls and not a new link.
 */
const ACCESS_PREFIX = 'blh_';

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

type HandoffRow = {
  id: string;
  user_id: string;
  expires_at: Date;
  redeemed_at: Date | null;
  method_id: string | null;
  reauth_method_id: string | null;
};

/** A handoff for a new bank, or with `reauthMethodId` for one of the user's banks that needs its login again. */
export async function createBankLinkHandoff(
  ctx: MethodsContext,
  userId: string,
  origin: string,
  reauthMethodId?: string,
): Promise<BankLinkHandoffReply> {
  const now = ctx.clock.now();
  if (reauthMethodId) {
    // The same refusals as the re-auth token itself, before the user is sent anywhere.
    const method = await findBankMethodOfUser(ctx.db, userId, reauthMethodId);
    if (!method) throw new AppError('bank_method_unknown');
    if (!method.login_required) throw new AppError('bank_reauth_not_required');
  }
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + BANK_LINK_HANDOFF_MINUTES * 60_000);
  await ctx.db.query(
    'INSERT INTO bank_link_handoffs (id, user_id, token_hash, created_at, expires_at, reauth_method_id) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, userId, sha256(token), now, expiresAt, reauthMethodId ?? null],
  );
  return { handoffId: id, url: `${origin}/xumm/plaid?handoff=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The browser's side: the link's token, once, for the access token. */
export async function redeemBankLinkHandoff(ctx: MethodsContext, token: string): Promise<BankLinkHandoffRedeemReply> {
  const now = ctx.clock.now();
  const access = `${ACCESS_PREFIX}${randomBytes(32).toString('base64url')}`;
  const redeemed = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<HandoffRow & { email: string }>(
      `SELECT h.id, h.user_id, h.expires_at, h.redeemed_at, h.method_id, h.reauth_method_id, u.email
         FROM bank_link_handoffs h JOIN users u ON u.id = h.user_id WHERE h.token_hash = $1 FOR UPDATE OF h`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row || row.redeemed_at) throw new AppError('bank_link_handoff_invalid');
    if (row.expires_at.getTime() <= now.getTime()) throw new AppError('bank_link_handoff_expired');
    await tx.query('UPDATE bank_link_handoffs SET redeemed_at = $2, access_hash = $3 WHERE id = $1', [
      row.id,
      now,
      sha256(access),
    ]);
    return row;
  });
  const method = redeemed.reauth_method_id
    ? await findBankMethodOfUser(ctx.db, redeemed.user_id, redeemed.reauth_method_id)
    : null;
  return {
    accessToken: access,
    expiresAt: redeemed.expires_at.toISOString(),
    email: redeemed.email,
    reauth: method ? toBankAccount(method, await findRelatedId(ctx.db, redeemed.user_id)) : null,
  };
}

/** What the bank-link calls ask of a bearer token that is not a login: a live, unlinked handoff's access token. */
export async function verifyBankLinkBearer(db: Queryable, token: string, now: Date): Promise<AuthUser | null> {
  if (!token.startsWith(ACCESS_PREFIX)) return null;
  const { rows } = await db.query<{ id: string; user_id: string; email: string; reauth_method_id: string | null }>(
    `SELECT h.id, h.user_id, h.reauth_method_id, u.email FROM bank_link_handoffs h JOIN users u ON u.id = h.user_id
      WHERE h.access_hash = $1 AND h.expires_at > $2 AND h.method_id IS NULL`,
    [sha256(token), now],
  );
  const row = rows[0];
  return row
    ? {
        userGuid: row.user_id,
        email: row.email,
        sessionId: row.id,
        via: 'bank-link',
        bankLinkReauthMethodId: row.reauth_method_id,
      }
    : null;
}

/**
 * Which calls a bank-link access token may make beyond the institutions and the sandbox's link screen (both kinds use
 * those): a new-link handoff's the calls that link a new bank, a re-auth handoff's the re-auth calls. Checked before
 * the body, as the login check is. A login token may make either.
 */
export function assertHandoffKind(user: AuthUser, kind: 'new-link' | 'reauth'): void {
  if (user.via !== 'bank-link') return;
  if ((kind === 'reauth') !== Boolean(user.bankLinkReauthMethodId)) throw new AppError('unauthenticated');
}

/** A re-auth handoff's access token re-authenticates its own bank method only. */
export function assertHandoffMethod(user: AuthUser, methodId: string): void {
  if (user.via === 'bank-link' && user.bankLinkReauthMethodId !== methodId) throw new AppError('unauthenticated');
}

/** After a bank is added or re-authenticated through a handoff: the mini-app learns which, and the access token ends. */
export async function markHandoffLinked(ctx: MethodsContext, user: AuthUser, methodId: string): Promise<void> {
  if (user.via !== 'bank-link') return;
  await ctx.db.query(
    'UPDATE bank_link_handoffs SET method_id = $2, linked_at = $3 WHERE id = $1 AND user_id = $4 AND method_id IS NULL',
    [user.sessionId, methodId, ctx.clock.now(), user.userGuid],
  );
}

/** The mini-app's side: waiting (link not opened yet), opened, linked (with the account) or expired. */
export async function bankLinkHandoffStatus(
  ctx: MethodsContext,
  userId: string,
  handoffId: string,
): Promise<BankLinkHandoffStatusReply> {
  const { rows } = await ctx.db.query<HandoffRow>(
    'SELECT id, user_id, expires_at, redeemed_at, method_id, reauth_method_id FROM bank_link_handoffs WHERE id = $1 AND user_id = $2',
    [handoffId, userId],
  );
  const row = rows[0];
  if (!row) throw new AppError('bank_link_handoff_unknown');
  const expiresAt = row.expires_at.toISOString();
  if (row.method_id) {
    const method = await findBankMethodOfUser(ctx.db, userId, row.method_id);
    // A bank linked and then removed again: linked, but nothing left to show.
    return {
      status: 'linked',
      expiresAt,
      account: method ? toBankAccount(method, await findRelatedId(ctx.db, userId)) : null,
    };
  }
  if (row.expires_at.getTime() <= ctx.clock.now().getTime()) return { status: 'expired', expiresAt, account: null };
  return { status: row.redeemed_at ? 'opened' : 'waiting', expiresAt, account: null };
}
