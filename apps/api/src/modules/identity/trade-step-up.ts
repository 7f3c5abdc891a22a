import type { OrderChallengeReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { secondFactorOf } from './complete-sign-in';
import type { IdentityContext, RequestMeta } from './context';
import { identityError } from './errors';
import { consumeTotpStep, findUserById, type UserRow } from './repository';
import { sendCode } from './send-code';
import { totpStepOf } from './totp';

/**
 * R2 step-up for trades (decision 027): a money-moving trade is confirmed with the factor the user signs in with:
 * the authenticator code when set up, else a code sent by email, or by SMS to the confirmed phone they chose.
 * The codes, their limits (sends per account, failures per account and address) and the TOTP replay guard are the
 * sign-in ones; the emailed/SMS code has a purpose of its own ('trade'), so no other code confirms a trade.
 *
 * The check runs inside the transaction that places the order (so the code is spent exactly when the order is
 * made, and a rolled-back order gives it back); the failure count is kept outside it, by the caller, so a wrong
 * code still counts although its transaction rolls back.
 */
export interface TradeStepUp {
  /** Which factor to enter; for email/SMS a new code is sent (replacing any open one), within the send limits. */
  start(userGuid: string): Promise<OrderChallengeReply>;
  /** Refuses while the account or the address is locked out by failures (sign-in's limits). */
  assertCanTry(userGuid: string, meta: RequestMeta): Promise<void>;
  /** Checks and spends the code in `tx`: CodeMismatchException (a wrong or replayed code) or ExpiredCodeException. */
  check(tx: Queryable, userGuid: string, code: string): Promise<void>;
  /** Counts a wrong code toward the lockout. */
  recordFailure(userGuid: string, meta: RequestMeta): Promise<void>;
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
    async assertCanTry(userGuid, meta) {
      const user = await loadUser(ctx.db, userGuid);
      await ctx.attempts.assertCanTry({ account: user.email, ip: meta.ip });
    },
    async check(tx, userGuid, code) {
      const user = await loadUser(tx, userGuid);
      if (user.totp_secret !== null) {
        const step = totpStepOf(user.totp_secret, code, ctx.clock.now());
        // A replay is refused like a wrong code (a second use within the window is someone else's use).
        if (step === null || !(await consumeTotpStep(tx, user.id, step))) throw identityError('CodeMismatchException', 'codeMismatch');
        return;
      }
      const result = await ctx.codes.check(tx, user.id, purpose, code, ctx.clock.now());
      if (result === 'expired') throw identityError('ExpiredCodeException', 'expiredCode');
      if (result === 'mismatch') throw identityError('CodeMismatchException', 'codeMismatch');
    },
    async recordFailure(userGuid, meta) {
      const user = await loadUser(ctx.db, userGuid);
      await ctx.attempts.recordFailure({ account: user.email, ip: meta.ip });
    },
  };
}

async function loadUser(q: Queryable, userGuid: string): Promise<UserRow> {
  const user = await findUserById(q, userGuid);
  if (!user) throw identityError('NotAuthorizedException', 'invalidSession');
  return user;
}
