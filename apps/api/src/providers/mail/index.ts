import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createLogMailer } from './log-mailer';
import { createSmtpMailer } from './smtp-mailer';
import type { Mailer } from './types';

export type { Mailer, MailMessage } from './types';

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>, logger: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createLogMailer(logger, { includeBody: config.env !== 'production' });
}
