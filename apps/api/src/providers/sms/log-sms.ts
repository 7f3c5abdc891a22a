import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './types';

/**
 * The built-in SMS sender: like the log mailer, the text (which holds a code) is logged only outside
 * production; the development outbox shows it. A carrier adapter implements the same interface.
 */
export function createLogSmsSender(logger: FastifyBaseLogger, options: { includeBody: boolean }): SmsSender {
  return {
    kind: 'log',
    async send(message) {
      const last4 = message.to.slice(-4);
      logger.info(
        { sms: { to: `***${last4}`, ...(options.includeBody ? { text: message.text } : {}) } },
        'sms (log transport)',
      );
    },
  };
}
