import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../providers/mail';
import { createOutboxDelivery, outboxJobs } from '../providers/mail/outbox';
import type { SmsSender } from '../providers/sms/types';
import type { CustodianProvider } from '../providers/custodian/types';
import type { IdentityDocumentProvider } from '../providers/identity-documents/types';
import { accountJobs } from '../modules/accounts';
import { verificationJobs } from '../modules/verification';
import { transferJobs } from '../modules/transfers';
import { orderJobs } from '../modules/orders';
import { assetWithdrawalJobs } from '../modules/holdings';
import type { Services } from '../services';
import { idempotencyCleanupJobs } from './idempotency-cleanup';
import type { JobDefinition, JobQueue } from './queue';

/** What job handlers may use: the process's database, clock, queue (a job may enqueue the next), settings and providers. */
export interface JobDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  custodian: CustodianProvider;
  identityDocuments: IdentityDocumentProvider;
}

/**
 * Every job the worker runs, from the process's services (services.ts, decision 076): the API, the worker and the
 * admin command register the same list, so either can enqueue and either can work.
 */
export function jobDefinitions(services: Services): JobDefinition[] {
  const { db, clock, jobs, config, providers } = services;
  const deps: JobDeps = {
    db,
    clock,
    jobs,
    config,
    mailer: providers.mailer,
    sms: providers.sms,
    custodian: providers.custodian,
    identityDocuments: providers.identityDocuments,
  };
  return [
    // mail.send and sms.send: deliver one outbox row.
    ...outboxJobs(createOutboxDelivery(deps)),
    // accounts.review-application: the custodian's checks decide a signed application (decision 007).
    ...accountJobs(deps),
    // verification.decide: the identity-document provider decides a submitted capture;
    // verification.conclude-review: a manual review's outcome (decision 010).
    ...verificationJobs(deps),
    // transfers.settle: a deposit or confirmed withdrawal settles on its date; transfers.expire-withdrawal: an
    // unconfirmed withdrawal is cancelled after 24 hours (decision 015).
    ...transferJobs(deps),
    // orders.*: await funds, deliver, confirm, pay out, expire (decision 024).
    ...orderJobs(services.orders),
    // holdings.*: a held asset withdrawn to an external address is sent, then confirmed (R14, decision 032).
    ...assetWithdrawalJobs(services.assetWithdrawals),
    // idempotency.cleanup: hourly, deletes HTTP keys and ledger replay rows older than 24 hours (decision 018).
    ...idempotencyCleanupJobs(deps),
  ];
}
