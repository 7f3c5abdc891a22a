import { outboxJobs } from '../providers/mail/outbox';
import type { JobDefinition } from './queue';

/**
 * Every job the worker runs. Modules add their definitions here (settlements, deliveries, mail) as they
 * arrive; the worker and the API register the same list so either can enqueue.
 */
export const jobDefinitions: JobDefinition[] = [
  // mail.send and sms.send: deliver one outbox row (issue 3).
  ...outboxJobs,
];
