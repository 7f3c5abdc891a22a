/** A rendered mail, ready to hand to any transport. Plain text always; HTML alongside it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'log' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
