import type { CodeDeliveryDetails } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { enqueueOutbox } from '../../providers/mail/outbox';
import type { CodePurpose } from './codes';
import type { IdentityContext } from './context';
import { maskEmail, maskPhone } from './locale';
import { renderCodeMail, renderCodeSms } from './mail-templates';
import type { UserRow } from './repository';

/**
 * Issues a code and queues its message in one transaction (the code row, the outbox row and the job
 * commit together or not at all). Limited per account and purpose (attempts.ts) so nobody floods a mailbox.
 */
export async function sendCode(
  ctx: IdentityContext,
  user: Pick<UserRow, 'id' | 'email' | 'locale'>,
  purpose: CodePurpose,
  options: { channel?: 'email' | 'sms'; phone?: string; tx?: Queryable } = {},
): Promise<CodeDeliveryDetails> {
  const channel = options.channel ?? 'email';
  const run = async (tx: Queryable) => {
    // Counted first, atomically with the limit: concurrent requests never send more than the window allows.
    await ctx.attempts.countSend(tx, user.email, purpose);
    const now = ctx.clock.now();
    const code = await ctx.codes.issue(tx, user.id, purpose, now);
    if (channel === 'email') {
      const mail = renderCodeMail(purpose, user.locale, code);
      await enqueueOutbox(
        tx,
        ctx.jobs,
        {
          channel,
          to: user.email,
          template: purpose,
          locale: user.locale,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        },
        now,
      );
    } else {
      if (!options.phone) throw new Error('an SMS code needs a phone number');
      const text = renderCodeSms(purpose, user.locale, code);
      await enqueueOutbox(
        tx,
        ctx.jobs,
        { channel, to: options.phone, template: purpose, locale: user.locale, subject: null, text, html: null },
        now,
      );
    }
  };
  if (options.tx) await run(options.tx);
  else await ctx.db.transaction(run);
  return channel === 'email'
    ? { deliveryMedium: 'EMAIL', destination: maskEmail(user.email), attributeName: 'email' }
    : { deliveryMedium: 'SMS', destination: maskPhone(options.phone ?? ''), attributeName: 'phone_number' };
}
