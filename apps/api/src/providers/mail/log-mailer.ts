import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './types';

/**
 * The built-in mailer when no SMTP_URL is set: the message goes to the server log. The body carries
 * one-time codes, so outside development only the envelope is logged (docs/design-brief.md, section 6: no
 * secret in logs); the development outbox route shows the full message.
 */
export function createLogMailer(logger: FastifyBaseLogger, options: { includeBody: boolean }): Mailer {
  return {
    kind: 'log',
    async send(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject, ...(options.includeBody ? { text: message.text } : {}) } },
        'mail (log transport)',
      );
    },
  };
}
