import type { OrderChallengeReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { secondFactorOf } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { findUserById, type UserRow } from './repository';
import { sendCode } from './send-code';
import { spendTotpCode } from './verify-totp-code';

/**
 * R2 step-up for trades (decision 027): a money-moving trade is confirmed with the factor the user signs in with:
 * the authenticator code when set up, else a code sent by email, or by SMS to the confirmed phone they chose.
 * The codes, the failure limits (per account and address) and the TOTP replay guard are the sign-in ones; the emailed/SMS
 * code has a purpose of its own ('trade'), so no other code confirms a trade.
 *
 * The code is checked inside the transaction that places the order (so it is spent exactly when the order is made,
 * and a rolled-back order gives it back). The attempt is counted before, outside that transaction, atomically with
 * the limit (decision 050, docs/decisions/056-step-up-codes-and-send-limits.md): a wrong code keeps its place, anything
 * else gives it back.
 */
export interface TradeStepUp {
  /** Which factor to enter; for email/SMS a new code is sent (replacing any open one), within the send limits. */
  start(userGuid: string): Promise<OrderChallengeReply>;
  /**
   * Counts an attempt (429 when the account or address has no place left), then runs `run`, whose transaction calls
   * `check` to judge and spend the code: CodeMismatchException (a wrong code; or a used authenticator code, with the
   * seconds until the next) or ExpiredCodeException. Only a wrong code stays counted.
   */
  confirm<T>(
    userGuid: string,
    meta: RequestMeta,
    code: string,
    run: (check: (tx: Queryable) => Promise<void>) => Promise<T>,
  ): Promise<T>;
}

/**
 * `purpose`: 'trade' for orders; 'withdrawal' for asset withdrawals (decision 054), whose emailed or texted codes
 * are of their own kind, so a trade code never confirms a withdrawal nor the other way round.
 */
export function createTradeStepUp(ctx: IdentityContext, purpose: 'trade' | 'withdrawal' = 'trade'): TradeStepUp {
  return {
    async start(userGuid) {
      const user = await loadUser(ctx.db, userGuid);
      const challengeName = secondFactorOf(user);
      if (challengeName === 'SOFTWARE_TOKEN_MFA') return { challengeName };
      const codeDeliveryDetails =
        challengeName === 'SMS_OTP'
          ? await sendCode(ctx, user, purpose, { channel: 'sms', phone: user.phone_number ?? '' })
          : await sendCode(ctx, user, purpose);
      return { challengeName, codeDeliveryDetails };
    },
    async confirm(userGuid, meta, code, run) {
      const user = await loadUser(ctx.db, userGuid);
      const attempt = await ctx.attempts.begin({ account: user.email, ip: meta.ip });
      let wrong = false;
      const check = async (tx: Queryable) => {
        const current = await loadUser(tx, userGuid);
        if (current.totp_secret !== null) {
          if ((await spendTotpCode(tx, current, current.totp_secret, code, ctx.clock.now())) === 'ok') return;
          wrong = true;
          throw identityError('CodeMismatchException', 'codeMismatch');
        }
        const result = await ctx.codes.check(tx, current.id, purpose, code, ctx.clock.now());
        if (result === 'expired') throw identityError('ExpiredCodeException', 'expiredCode');
        if (result === 'mismatch') {
          wrong = true;
          throw identityError('CodeMismatchException', 'codeMismatch');
        }
      };
      try {
        return await run(check);
      } finally {
        // After the caller's transaction has ended (PGlite is one connection).
        if (!wrong) await attempt.release();
      }
    },
  };
}

async function loadUser(q: Queryable, userGuid: string): Promise<UserRow> {
  const user = await findUserById(q, userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  return user;
}
