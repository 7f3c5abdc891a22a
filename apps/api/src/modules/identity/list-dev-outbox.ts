import type { DevOutboxResponse } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { listOutbox } from '../../providers/mail/outbox';

/** Development only: what was "sent" to an address or phone, newest first, as a user would read it. */
export async function listDevOutbox(db: Queryable, to: string): Promise<DevOutboxResponse> {
  const rows = await listOutbox(db, to);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.recipient,
      template: r.template,
      locale: r.locale,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
