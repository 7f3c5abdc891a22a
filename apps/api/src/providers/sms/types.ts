/** An SMS: plain text to an E.164 number. */
export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  readonly kind: 'log';
  send(message: SmsMessage): Promise<void>;
}
