import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { SmsSender } from '../sms/types';
import type { Mailer } from './types';

/**
 * The outbox (docs/design-brief.md, section 4): every mail and SMS is a row written in the same transaction as
 * what caused it (a code, a state change), together with the job that delivers it. A rolled-back
 * transaction therefore sends nothing, and a committed one is delivered even if this process dies.
 */
export const MAIL_SEND_JOB = 'mail.send';
export const SMS_SEND_JOB = 'sms.send';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  template: string;
  locale: 'en' | 'es';
  subject: string | null;
  text: string;
  html: string | null;
}

export interface OutboxRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  locale: 'en' | 'es';
  subject: string | null;
  text_body: string;
  html_body: string | null;
  status: 'queued' | 'sent' | 'failed';
  created_at: Date;
  [key: string]: unknown;
}

export async function enqueueOutbox(tx: Queryable, jobs: JobQueue, entry: OutboxEntry, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO outbox (channel, recipient, template, locale, subject, text_body, html_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [entry.channel, entry.to, entry.template, entry.locale, entry.subject, entry.text, entry.html, now],
  );
  const id = rows[0]!.id;
  await jobs.send(entry.channel === 'email' ? MAIL_SEND_JOB : SMS_SEND_JOB, { outboxId: id }, { tx });
  return id;
}

/** Newest first: what the development outbox route shows. */
export async function listOutbox(db: Queryable, to: string, limit = 50): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, channel, recipient, template, locale, subject, text_body, html_body, status, created_at
     FROM outbox WHERE recipient = $1 ORDER BY seq DESC LIMIT $2`,
    [to, limit],
  );
  return rows;
}

/** Gives up after this many tries (pg-boss's retry limit plus the first try). */
const MAX_ATTEMPTS = 6;

export interface OutboxDelivery {
  deliver(outboxId: string, logger: FastifyBaseLogger): Promise<void>;
}

export function createOutboxDelivery(deps: { db: Db; mailer: Mailer; sms: SmsSender; clock: Clock }): OutboxDelivery {
  return {
    async deliver(outboxId, logger) {
      // Claiming the row by bumping its attempt count makes a second worker with the same job a no-op once sent.
      const { rows } = await deps.db.query<OutboxRow & { attempts: number }>(
        `UPDATE outbox SET attempts = attempts + 1 WHERE id = $1 AND status = 'queued' RETURNING *`,
        [outboxId],
      );
      const row = rows[0];
      if (!row) return;
      try {
        if (row.channel === 'email') {
          await deps.mailer.send({
            to: row.recipient,
            subject: row.subject ?? '',
            text: row.text_body,
            html: row.html_body ?? row.text_body,
          });
        } else {
          await deps.sms.send({ to: row.recipient, text: row.text_body });
        }
        await deps.db.query(`UPDATE outbox SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1`, [
          outboxId,
          deps.clock.now(),
        ]);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed = row.attempts >= MAX_ATTEMPTS;
        await deps.db.query(`UPDATE outbox SET last_error = $2, status = $3 WHERE id = $1`, [
          outboxId,
          message.slice(0, 500),
          failed ? 'failed' : 'queued',
        ]);
        logger.warn({ outboxId, channel: row.channel, attempt: row.attempts }, 'outbox delivery failed');
        if (!failed) throw error;
      }
    },
  };
}

/** The two delivery jobs, bound to this process's database and transports. */
export function outboxJobs(delivery: OutboxDelivery): JobDefinition[] {
  const job = (name: string): JobDefinition<{ outboxId: string }> => ({
    name,
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelaySeconds: 10,
    async handle(data, { logger }) {
      await delivery.deliver(data.outboxId, logger);
    },
  });
  return [job(MAIL_SEND_JOB), job(SMS_SEND_JOB)] as JobDefinition[];
}
