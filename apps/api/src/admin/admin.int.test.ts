import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChallengeReply,
  DevOutboxResponse,
  FROZEN_ACCOUNT_MARKER,
  OrderReply,
  RampQuoteReply,
  ReauthenticateResponse,
  TotpAssociateResponse,
} from '@rampart/contracts';
import type { JobDefinition } from '../jobs/queue';
import { systemClock } from '../lib/clock';
import { totpCodeAt } from '../modules/identity';
import { validIndividual } from '../../test/kits/kyc-test-kit';
import { BUY_USDS } from '../../test/kits/ramp-test-fixtures';
import { createTransferKit, type TransferKit } from '../../test/kits/transfer-test-kit';
import { listOperatorActions } from './audit';
import type { AdminContext } from './context';
import { decideKycReview } from './decide-kyc-review';
import { AdminError } from './errors';
import { setAccountFrozen } from './freeze-account';
import { findJob } from './job-rows';
import { lookupOrder, renderOrderReport } from './lookup-order';
import { lookupUser, renderUserReport } from './lookup-user';
import { listFailedJobs, retryFailedJob } from './retry-job';
import { runAdmin } from './run-admin';

/**
 * The operator command (R6, decision 035) against the real app on a real database: the command functions and the
 * whole command line (runAdmin) with the app's own database and queue, while the app's worker runs beside it.
 */
describe('admin: the operator command', () => {
  let k: TransferKit;
  let ctx: AdminContext;
  /** A job that fails until healed: stands for a job that met a passing outage. */
  let healed = false;
  let flakyRuns = 0;
  const flaky: JobDefinition<{ what: string }> = {
    name: 'admin-test.flaky',
    retryLimit: 0,
    async handle() {
      if (!healed) throw new Error('the bank link was down');
      flakyRuns += 1;
    },
  };
  const note = { by: 'ann', reason: 'ticket 4711' };

  beforeAll(async () => {
    // A manual identity review waits an hour here: only the operator decides it.
    k = await createTransferKit({ env: { IDV_REVIEW_DELAY_SECONDS: '3600' } });
    await k.t.jobs.register(flaky as JobDefinition);
    await k.t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
    ctx = { db: k.t.db, jobs: k.t.jobs, clock: systemClock, config: k.t.config, hotWallets: null };
  });
  afterAll(async () => {
    await k?.close();
  });

  /** runAdmin with the app's own context, its output captured. */
  async function admin(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    let opened = 0;
    const code = await runAdmin(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, async () => {
      opened += 1;
      return { ...ctx, close: async () => undefined };
    });
    return { code, stdout, stderr, opened };
  }

  async function waitFor<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    what: string,
    timeoutMs = 20_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const actionCount = async () => (await listOperatorActions(k.t.db, { limit: 1000 })).length;

  it('looks a user up by email (any case) or userGuid: account, KYC, custodial account, balances, methods, orders', async () => {
    const user = await k.openedUser('150', 'admin-lookup');
    await k.addBank(user.token);
    const funded = await lookupUser(ctx, user.email.toUpperCase());
    expect(funded.balances.find((b) => b.asset === 'USD')).toEqual({
      asset: 'USD',
      settled: '150.00',
      held: '0.00',
      available: '150.00',
    });
    expect(funded.recentOrders).toEqual([]);
    const q = await k.call('/api/ramp/quote', {
      token: user.token,
      body: { ...BUY_USDS, idemId: `admin-${Date.now()}` },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const placed = await k.placeOrder(user.token, RampQuoteReply.parse(q.body).quote.quoteId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = OrderReply.parse(placed.body).order;

    const report = await lookupUser(ctx, user.guid);
    expect(report.user).toMatchObject({ userGuid: user.guid, email: user.email, status: 'CONFIRMED' });
    expect(report.kyc.identity.status).toBe('not_started');
    expect(report.account).toMatchObject({ status: 'opened', frozen: false, frozenAt: null });
    expect(report.linkedMethods).toEqual({ banks: 1, cards: 0 });
    expect(report.recentOrders).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        trackingId: order.trackingId,
        side: 'buy',
        sell: '100.00 USD',
      }),
    ]);
    expect(report.user).toEqual(funded.user);

    const text = renderUserReport(report);
    expect(text).toMatch(new RegExp(`userGuid\\s+${user.guid}`));
    expect(text).toMatch(/frozen\s+no/);
    expect(text).toContain(order.trackingId);

    const cli = await admin('user', user.email, '--json');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ user: { userGuid: user.guid }, account: { status: 'opened' } });
  });

  it('looks an order up by order id, tracking id or short id: state, amounts, timeline and jobs', async () => {
    const user = await k.openedUser('120', 'admin-order');
    const q = await k.call('/api/ramp/quote', {
      token: user.token,
      body: { ...BUY_USDS, idemId: `admin-o-${Date.now()}` },
    });
    const placed = OrderReply.parse(
      (await k.placeOrder(user.token, RampQuoteReply.parse(q.body).quote.quoteId)).body,
    ).order;
    // The app's worker delivers it: the order's jobs show up as they run.
    const report = await waitFor(
      () => lookupOrder(ctx, placed.orderId),
      (r) => r.jobs.some((j) => j.name === 'orders.deliver' && j.state === 'completed'),
      'the delivery job',
    );
    expect(report.order).toMatchObject({
      orderId: placed.orderId,
      trackingId: placed.trackingId,
      side: 'buy',
      sell: { amount: '100.00', asset: 'USD' },
    });
    expect(report.user).toEqual({ userGuid: user.guid, email: user.email });
    expect(report.timeline.slice(0, 2).map((t) => t.to)).toEqual(['awaiting_funds', 'funds_received']);
    expect(await lookupOrder(ctx, placed.trackingId)).toMatchObject({ order: { orderId: placed.orderId } });
    expect((await lookupOrder(ctx, placed.shortId)).order.orderId).toBe(placed.orderId);
    expect(renderOrderReport(report)).toContain('orders.deliver');

    const unknown = await admin('order', '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe('No order with order id 6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a\n');
    expect((await admin('order', 'not an id')).code).toBe(2);
  });

  it('refuses an unknown user, a bad command line and a change without --reason or --by: exit code, message, nothing changed', async () => {
    const user = await k.openedUser('10', 'admin-refuse');
    const before = await actionCount();

    const missing = await admin('user', 'nobody@example.com');
    expect(missing).toMatchObject({ code: 1, stdout: '', stderr: 'No user with email nobody@example.com\n' });

    const noReason = await admin('freeze', user.email, '--by', 'ann');
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason "<text>" is required');
    expect(noReason.stderr).toContain('Usage: npm run admin');
    // Refused before the database was even opened.
    expect(noReason.opened).toBe(0);
    expect((await admin('freeze', user.email, '--by', 'ann', '--reason', '   ')).code).toBe(2);
    expect((await admin('freeze', user.email, '--reason', 'why')).stderr).toContain('--by <operator> is required');
    expect(
      (await admin('freeze', user.email, '--by', 'ann', '--reason', 'x', '--decision', 'accept')).stderr,
    ).toContain('freeze does not take --decision');
    expect((await admin('frobnicate')).code).toBe(2);
    expect((await admin('user')).stderr).toContain('user needs <email|userGuid>');
    expect((await admin('jobs', '--limit', 'lots')).stderr).toContain('--limit must be a whole number');
    expect((await admin('freeze', user.email, '--json')).stderr).toContain('"code": "usage"');

    expect((await lookupUser(ctx, user.guid)).account?.frozen).toBe(false);
    expect(await actionCount()).toBe(before);
    expect((await k.call('/api/primetrust/account/get', { token: user.token, body: {} })).status).toBe(200);
  });

  it('freezes then unfreezes an account: the user sees the frozen answer in between; both recorded with who and why', async () => {
    const user = await k.openedUser('50', 'admin-freeze');
    const frozen = await setAccountFrozen(ctx, user.email, true, note);
    expect(frozen).toMatchObject({
      userGuid: user.guid,
      frozen: true,
      changed: true,
      action: { operator: 'ann', action: 'freeze', subject: user.guid, reason: 'ticket 4711' },
    });
    const refused = await k.call('/api/primetrust/account/get', { token: user.token, body: {} });
    expect(refused.status).toBe(401);
    expect((refused.body as { message: string }).message.startsWith(FROZEN_ACCOUNT_MARKER)).toBe(true);
    expect((await lookupUser(ctx, user.guid)).account).toMatchObject({
      frozen: true,
      frozenReason: 'Operator ann: ticket 4711',
    });

    // Already frozen: nothing changes and nothing is recorded.
    const again = await admin('freeze', user.guid, '--by', 'bob', '--reason', 'double check');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already frozen: nothing changed, nothing recorded');

    const lifted = await admin(
      'unfreeze',
      user.email,
      '--by',
      'bob',
      '--reason',
      'identity confirmed by phone',
      '--json',
    );
    expect(lifted.code).toBe(0);
    expect(JSON.parse(lifted.stdout)).toMatchObject({
      frozen: false,
      changed: true,
      action: { operator: 'bob', action: 'unfreeze' },
    });
    expect((await k.call('/api/primetrust/account/get', { token: user.token, body: {} })).status).toBe(200);
    expect(await k.holdings(user.token)).toMatchObject({ settled: '50.00' });

    const audit = await admin('audit', '--user', user.email, '--json');
    const { actions } = JSON.parse(audit.stdout) as { actions: { operator: string; action: string; reason: string }[] };
    expect(actions.map((a) => [a.operator, a.action, a.reason])).toEqual([
      ['bob', 'unfreeze', 'identity confirmed by phone'],
      ['ann', 'freeze', 'ticket 4711'],
    ]);
    const table = await admin('audit', '--operator', 'bob');
    expect(table.stdout).toMatch(/#\s+when\s+operator\s+action\s+subject\s+reason/);
    expect(table.stdout).toContain('identity confirmed by phone');
    // The custodian's freeze history names the operator too.
    const { rows } = await k.t.db.query<{ action: string; reason: string }>(
      'SELECT action, reason FROM custodian_account_freeze_events WHERE user_id = $1 ORDER BY id',
      [user.guid],
    );
    expect(rows).toEqual([
      { action: 'freeze', reason: 'Operator ann: ticket 4711' },
      { action: 'unfreeze', reason: 'Operator bob: identity confirmed by phone' },
    ]);
    // No custodial account: refused.
    const bare = `admin-bare-${Date.now()}@example.com`;
    await k.signedInUser(bare);
    await expect(setAccountFrozen(ctx, bare, true, note)).rejects.toThrow(`${bare} has no custodial account to freeze`);
  });

  it('turns off the authenticator of a user who lost it: every session ends, the next sign-in asks for an emailed code; recorded', async () => {
    const password = 'correct horse battery staple';
    const user = await k.openedUser('0', 'admin-totp');
    const reauth = ReauthenticateResponse.parse(
      (await k.call('/api/identity/reauthenticate', { token: user.token, body: { password } })).body,
    );
    const { secretCode } = TotpAssociateResponse.parse(
      (await k.call('/api/identity/totp/associate', { token: user.token, body: { reauthToken: reauth.reauthToken } }))
        .body,
    );
    const verified = await k.call('/api/identity/totp/verify', {
      token: user.token,
      body: { code: totpCodeAt(secretCode, new Date()) },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const signIn = async () =>
      ChallengeReply.parse((await k.call('/api/identity/sign-in', { body: { email: user.email, password } })).body);
    expect((await signIn()).challengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(await lookupUser(ctx, user.email)).toMatchObject({ user: { preferredMfa: 'SOFTWARE_TOKEN_MFA' } });

    const before = await actionCount();
    const reset = await admin(
      'reset-authenticator',
      user.email,
      '--by',
      'ann',
      '--reason',
      'phone lost; identity checked on a video call',
    );
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`The authenticator app of ${user.email} (${user.guid}) is turned off`);
    expect(reset.stdout).toMatch(/sessions ended\s+1/);
    // The user is told, in their language, so that a reset they did not ask for is found out.
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({
      template: 'authenticator_reset',
      subject: 'Your Rampart authenticator app was turned off',
    });
    expect(mail?.text).toContain('If you did not ask for this');
    // The token of the lost phone no longer opens anything.
    expect((await k.call('/api/primetrust/account/get', { token: user.token, body: {} })).status).toBe(401);
    // The next sign-in asks for a code sent by email, and goes through with it.
    expect((await signIn()).challengeName).toBe('EMAIL_OTP');
    const token = await k.signIn(user.email);
    expect((await k.call('/api/primetrust/account/get', { token, body: {} })).status).toBe(200);
    expect(await lookupUser(ctx, user.guid)).toMatchObject({ user: { preferredMfa: 'EMAIL_OTP' } });

    // No authenticator left: nothing changes, nothing is recorded, and the new session lives on.
    const again = await admin('reset-authenticator', user.guid, '--by', 'bob', '--reason', 'double check', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: false, sessionsEnded: 0, action: null });
    expect((await k.call('/api/primetrust/account/get', { token, body: {} })).status).toBe(200);
    expect(await actionCount()).toBe(before + 1);
    expect((await mailsTo(user.email)).filter((m) => m.template === 'authenticator_reset')).toHaveLength(1);
    const audit = JSON.parse((await admin('audit', '--user', user.email, '--json')).stdout) as {
      actions: { operator: string; action: string; reason: string }[];
    };
    expect(audit.actions.map((a) => [a.operator, a.action, a.reason])).toEqual([
      ['ann', 'authenticator_reset', 'phone lost; identity checked on a video call'],
    ]);
    // Without --reason it is refused, and --help names the command.
    expect((await admin('reset-authenticator', user.email, '--by', 'ann')).code).toBe(2);
    expect((await admin('--help')).stdout).toContain('reset-authenticator <email|userGuid>');
  });

  /** The development outbox's messages to an address, newest first. */
  async function mailsTo(to: string) {
    const res = await k.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return DevOutboxResponse.parse(res.json()).messages;
  }

  async function applicantInReview(email: string): Promise<{ token: string; guid: string }> {
    const token = await k.signedInUser(email);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    await k.captureIdentity(token);
    expect(
      (await k.call('/api/agreement-submit-individual', { token, body: { signature: 'Ada Lovelace' } })).body,
    ).toEqual({ status: 'pending' });
    expect(await k.waitForIdentity(token)).toMatchObject({ status: 'review' });
    const { rows } = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return { token, guid: rows[0]!.id };
  }

  it('decides a pending manual identity review: accept opens the account, reject closes it; recorded; nothing to decide otherwise', async () => {
    const accepted = await applicantInReview(`admin-kyc-a-${Date.now()}+idv-review@example.com`);
    const rejected = await applicantInReview(`admin-kyc-r-${Date.now()}+idv-review@example.com`);
    expect((await lookupUser(ctx, accepted.guid)).kyc.identity.status).toBe('review');

    const yes = await decideKycReview(ctx, accepted.guid, 'accept', note);
    expect(yes).toMatchObject({
      identity: { status: 'accepted' },
      account: { status: 'pending', reviewQueued: true },
      action: { action: 'kyc_review_accept', subject: accepted.guid },
    });
    expect(await k.identityStatus(accepted.token)).toMatchObject({
      status: 'accepted',
      reason: 'A reviewer confirmed that the document and the selfie match',
    });
    // The app's worker runs the custodian's review the decision queued.
    expect(await k.waitForDecision(accepted.token)).toMatchObject({ status: 'opened' });

    const no = await admin(
      'kyc-review',
      rejected.guid,
      '--decision',
      'reject',
      '--by',
      'ann',
      '--reason',
      'selfie does not match',
    );
    expect(no.code, no.stderr).toBe(0);
    expect(no.stdout).toContain('is decided: rejected');
    expect(await k.identityStatus(rejected.token)).toMatchObject({ status: 'rejected' });
    expect(await k.waitForDecision(rejected.token)).toMatchObject({ status: 'closed' });

    // Decided already, or never in review: refused, nothing recorded.
    const before = await actionCount();
    const twice = await admin(
      'kyc-review',
      accepted.guid,
      '--decision',
      'reject',
      '--by',
      'ann',
      '--reason',
      'changed my mind',
    );
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('has no identity review pending (identity check: accepted)');
    await expect(
      decideKycReview(ctx, (await k.openedUser('0', 'admin-kyc-none')).guid, 'accept', note),
    ).rejects.toThrow(AdminError);
    expect((await admin('kyc-review', accepted.guid, '--decision', 'maybe', '--by', 'ann', '--reason', 'x')).code).toBe(
      2,
    );
    expect(await actionCount()).toBe(before);
    expect(await k.identityStatus(accepted.token)).toMatchObject({ status: 'accepted' });
  });

  it('lists a failed job and retries it: it runs again and completes; only a failed job can be retried', async () => {
    const jobId = await k.t.jobs.send('admin-test.flaky', { what: 'sync' });
    expect(jobId).toBeTruthy();
    await waitFor(
      () => findJob(k.t.db, jobId!),
      (j) => j?.state === 'failed',
      'the job to fail',
    );
    const failed = await listFailedJobs(ctx, { limit: 20, name: 'admin-test.flaky' });
    expect(failed).toEqual([
      expect.objectContaining({
        id: jobId,
        name: 'admin-test.flaky',
        state: 'failed',
        error: 'the bank link was down',
        data: { what: 'sync' },
      }),
    ]);
    const listed = await admin('jobs');
    expect(listed.stdout).toContain(jobId!);
    expect(listed.stdout).toContain('the bank link was down');

    // Without a reason: refused, the job stays failed.
    expect((await admin('retry-job', jobId!, '--by', 'ann')).code).toBe(2);
    expect((await findJob(k.t.db, jobId!))?.state).toBe('failed');

    healed = true;
    const retried = await retryFailedJob(ctx, jobId!, note);
    expect(retried.action).toMatchObject({
      action: 'job_retry',
      subject: jobId,
      operator: 'ann',
      details: { name: 'admin-test.flaky', error: 'the bank link was down' },
    });
    await waitFor(
      () => findJob(k.t.db, jobId!),
      (j) => j?.state === 'completed',
      'the retried job to complete',
    );
    expect(flakyRuns).toBe(1);

    const again = await admin('retry-job', jobId!, '--by', 'ann', '--reason', 'once more');
    expect(again).toMatchObject({
      code: 1,
      stderr: `Job ${jobId} (admin-test.flaky) is completed: only a failed job can be retried\n`,
    });
    expect(
      (await admin('retry-job', '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a', '--by', 'ann', '--reason', 'x')).stderr,
    ).toBe('No job with id 6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a\n');
    expect((await admin('retry-job', 'nope', '--by', 'ann', '--reason', 'x')).code).toBe(2);
    expect((await listOperatorActions(k.t.db, { limit: 10, subject: jobId! })).length).toBe(1);
  });

  it('sends a failed job that pg-boss has already archived again, as a new job with the same data', async () => {
    healed = false;
    const runsBefore = flakyRuns;
    const jobId = (await k.t.jobs.send('admin-test.flaky', { what: 'archived' }))!;
    await waitFor(
      () => findJob(k.t.db, jobId),
      (j) => j?.state === 'failed',
      'the job to fail',
    );
    // What pg-boss's maintenance does to a failed job after the archive interval (2 days here).
    await k.t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO pgboss.archive SELECT *, now() FROM pgboss.job WHERE id = $1', [jobId]);
      await tx.query('DELETE FROM pgboss.job WHERE id = $1', [jobId]);
    });
    expect(await findJob(k.t.db, jobId)).toMatchObject({ state: 'failed', archived: true });
    expect((await listFailedJobs(ctx, { limit: 50 })).map((j) => j.id)).not.toContain(jobId);

    healed = true;
    const cli = await admin('retry-job', jobId, '--by', 'ann', '--reason', 'found it on Monday', '--json');
    expect(cli.code, cli.stderr).toBe(0);
    const result = JSON.parse(cli.stdout) as { sentAgainAs: string; action: { details: Record<string, unknown> } };
    expect(result.sentAgainAs).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.action.details).toMatchObject({ archived: true, sentAgainAs: result.sentAgainAs });
    const rerun = await waitFor(
      () => findJob(k.t.db, result.sentAgainAs),
      (j) => j?.state === 'completed',
      'the new job to complete',
    );
    expect(rerun).toMatchObject({ name: 'admin-test.flaky', data: { what: 'archived' } });
    expect(flakyRuns).toBe(runsBefore + 1);
  });
});
