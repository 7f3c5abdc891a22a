import nodemailer from 'nodemailer';
import type { Mailer } from './types';

/** Sends through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
