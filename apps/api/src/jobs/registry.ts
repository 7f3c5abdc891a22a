import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../lib/clock';
import { createMailer, type Mailer } from '../providers/mail';
import { createOutboxDelivery, outboxJobs } from '../providers/mail/outbox';
import { createLogSmsSender } from '../providers/sms/log-sms';
import type { SmsSender } from '../providers/sms/types';
import { createSandboxCustodian } from '../providers/custodian/sandbox';
import type { CustodianProvider } from '../providers/custodian/types';
import { accountJobs } from '../modules/accounts';
import { verificationJobs } from '../modules/verification';
import { transferJobs } from '../modules/transfers';
import { orderJobs, ordersContextFrom } from '../modules/orders';
import { assetWithdrawalJobs } from '../modules/holdings';
import { createSandboxChainGateway } from '../providers/chain-gateway/sandbox';
import { createSandboxIdentityDocuments } from '../providers/identity-documents/sandbox';
import type { IdentityDocumentProvider } from '../providers/identity-documents/types';
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

export function createProviders(
  config: Config,
  logger: FastifyBaseLogger,
): {
  mailer: Mailer;
  sms: SmsSender;
  custodian: CustodianProvider;
  identityDocuments: IdentityDocumentProvider;
} {
  return {
    mailer: createMailer(config, logger),
    sms: createLogSmsSender(logger, { includeBody: config.env !== 'production' }),
    custodian: createSandboxCustodian(),
    identityDocuments: createSandboxIdentityDocuments(),
  };
}

/**
 * Every job the worker runs. Modules add their definitions here (settlements, deliveries, mail) as they
 * arrive; the API and the worker register the same list, so either can enqueue and either can work.
 */
export function jobDefinitions(deps: JobDeps): JobDefinition[] {
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
    ...orderJobs(ordersContextFrom(deps.config, deps, createSandboxChainGateway)),
    // holdings.*: a held asset withdrawn to an external address is sent, then confirmed (R14, decision 032).
    ...assetWithdrawalJobs({
      db: deps.db,
      clock: deps.clock,
      jobs: deps.jobs,
      gateway: createSandboxChainGateway({ confirmationDelaySeconds: deps.config.chainConfirmationDelaySeconds }),
      flags: deps.config.flags,
      delaySeconds: deps.config.assetWithdrawalDelaySeconds,
    }),
    // idempotency.cleanup: hourly, deletes HTTP keys and ledger replay rows older than 24 hours (decision 018).
    ...idempotencyCleanupJobs(deps),
  ];
}
