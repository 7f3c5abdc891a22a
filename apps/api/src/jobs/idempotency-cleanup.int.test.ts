import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticatedReply,
  ChallengeReply,
  DevOutboxResponse,
  HoldingsReply,
  SandboxFundReply,
  SignInResponse,
} from '@rampart/contracts';
import { createKycKit, type KycKit } from '../../test/kits/kyc-test-kit';
import { randomUUID } from 'node:crypto';
import {
  LEDGER_TRANSACTION_OPTIONS,
  WORLD_BANK,
  checkInvariants,
  placeHold,
  postTransaction,
  userAccount,
} from '../modules/ledger';
import { manualClock } from '../lib/clock';
import { IDEMPOTENCY_CLEANUP_JOB, cleanUpIdempotencyKeys } from './idempotency-cleanup';

const HOUR = 3600 * 1000;

/** Decision 018: idempotency records live 24 hours; the ledger's transaction keys stay unique for ever. */
describe('idempotency key cleanup', () => {
  const clock = manualClock();
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit({ clock });
  });
  afterEach(async () => {
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  const fund = (token: string, amount: string, key: string) =>
    k.call('/api/primetrust/sandbox/account/fund', { token, body: { amount }, headers: { 'idempotency-key': key } });
  const available = async (token: string) =>
    HoldingsReply.parse((await k.call('/api/primetrust-accounts-view', { token, body: {} })).body).available;
  const count = async (table: 'http_idempotency_keys' | 'ledger_idempotency' | 'ledger_transactions', like: string) =>
    Number(
      (
        await k.t.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${table} WHERE ${table === 'http_idempotency_keys' ? 'key' : table === 'ledger_idempotency' ? 'key' : 'idempotency_key'} LIKE $1`,
          [like],
        )
      ).rows[0]!.n,
    );

  /** Signs the user in again (the clock moved past the login token's life), as the SPA would. */
  async function signInAgain(email: string): Promise<string> {
    const code = async () =>
      /\b(\d{6})\b/.exec(
        DevOutboxResponse.parse(
          (await k.call(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { method: 'GET' })).body,
        ).messages[0]?.text ?? '',
      )?.[1] ?? '';
    const first = ChallengeReply.parse(
      (await k.call('/api/identity/sign-in', { body: { email, password: 'correct horse battery staple' } })).body,
    );
    const second = await k.call('/api/identity/respond-to-challenge', {
      body: { challengeName: 'EMAIL_OTP', session: first.session, code: await code() },
    });
    return AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult.accessToken;
  }

  it('keeps keys for 24 hours, then deletes the replay records; a replay after that cannot move money twice', async () => {
    let token = await k.signedInUser('cleanup-1@example.com');
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    // The ledger stamps its rows with the database's time, the HTTP layer with the app's clock: start them together.
    clock.set(new Date());
    const first = await fund(token, '30', 'cleanup-key');
    expect(first.status).toBe(200);

    clock.advance(23 * HOUR);
    token = await signInAgain('cleanup-1@example.com');
    await cleanUpIdempotencyKeys({ db: k.t.db, clock });
    expect(await count('http_idempotency_keys', 'cleanup-key')).toBe(1);
    expect(await count('ledger_idempotency', '%:cleanup-key')).toBe(1);
    // Within the day the stored reply comes back, saying it is a replay.
    expect((await fund(token, '30', 'cleanup-key')).body).toEqual({ ...(first.body as object), replayed: true });

    clock.advance(1 * HOUR + 60_000);
    token = await signInAgain('cleanup-1@example.com');
    const deleted = await cleanUpIdempotencyKeys({ db: k.t.db, clock });
    expect(deleted.httpKeys).toBeGreaterThanOrEqual(1);
    expect(deleted.ledgerReplays).toBeGreaterThanOrEqual(1);
    expect(await count('http_idempotency_keys', 'cleanup-key')).toBe(0);
    expect(await count('ledger_idempotency', '%:cleanup-key')).toBe(0);
    // The movement itself stays, its key still unique.
    expect(await count('ledger_transactions', '%:cleanup-key')).toBe(1);

    // Judged afresh: the same key and body reaches the ledger, which refuses a key that already moved money.
    const late = k.expectError(await fund(token, '30', 'cleanup-key'), 422, 'idempotency_error');
    expect(late.errors?.fields).toEqual({
      idempotencyKey: 'This idempotency key was already used more than 24 hours ago; use a new key',
    });
    expect(await available(token)).toBe('30.00');
    // The refusal freed the HTTP key and left no ledger replay row behind.
    expect(await count('http_idempotency_keys', 'cleanup-key')).toBe(0);
    expect(await count('ledger_idempotency', '%:cleanup-key')).toBe(0);
    // A new key moves money as usual.
    expect(SandboxFundReply.parse((await fund(token, '30', 'cleanup-key-2')).body).replayed).toBe(false);
    expect(await available(token)).toBe('60.00');
  });

  it('in the ledger: a post or hold key whose replay row went is refused, never written twice', async () => {
    const user = randomUUID();
    const post = () =>
      k.t.db.transaction(
        (tx) =>
          postTransaction(tx, {
            idempotencyKey: `test:${user}:post`,
            postings: [{ source: WORLD_BANK, destination: userAccount(user, 'USD'), asset: 'USD', amount: 1000n }],
          }),
        LEDGER_TRANSACTION_OPTIONS,
      );
    const hold = () =>
      k.t.db.transaction(
        (tx) =>
          placeHold(tx, {
            idempotencyKey: `test:${user}:hold`,
            account: userAccount(user, 'USD'),
            asset: 'USD',
            amount: 400n,
          }),
        LEDGER_TRANSACTION_OPTIONS,
      );
    expect((await post()).replayed).toBe(false);
    await hold();
    expect((await post()).replayed).toBe(true);
    await k.t.db.query('DELETE FROM ledger_idempotency WHERE key LIKE $1', [`test:${user}:%`]);
    await expect(post()).rejects.toMatchObject({
      code: 'idempotency_error',
      details: {
        fields: { idempotencyKey: 'This idempotency key was already used more than 24 hours ago; use a new key' },
      },
    });
    await expect(hold()).rejects.toMatchObject({ code: 'idempotency_error' });
    const { rows } = await k.t.db.query<{ balance: string; held: string }>(
      'SELECT balance::text, held::text FROM ledger_balances WHERE account = $1',
      [userAccount(user, 'USD')],
    );
    expect(rows).toEqual([{ balance: '1000', held: '400' }]);
  });

  it('runs as one recurring job: registered once per process, queued once, and it queues its next run', async () => {
    // Registering at start queued one run; asking again queues nothing more.
    expect(await k.t.jobs.depth(IDEMPOTENCY_CLEANUP_JOB)).toBe(1);
    expect(await k.t.jobs.boss.send(IDEMPOTENCY_CLEANUP_JOB, {}, { singletonKey: IDEMPOTENCY_CLEANUP_JOB })).toBeNull();

    // A key two days old by the app's clock: the worker's run deletes it and leaves the next run queued.
    const token = await k.signedInUser('cleanup-2@example.com');
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    expect((await fund(token, '5', 'old-key')).status).toBe(200);
    await k.t.db.query(`UPDATE http_idempotency_keys SET created_at = $1 WHERE key = 'old-key'`, [
      new Date(clock.now().getTime() - 48 * HOUR),
    ]);
    await k.t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
    const deadline = Date.now() + 20_000;
    while ((await count('http_idempotency_keys', 'old-key')) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await count('http_idempotency_keys', 'old-key')).toBe(0);
    expect(await k.t.jobs.depth(IDEMPOTENCY_CLEANUP_JOB)).toBe(1);
  });
});
