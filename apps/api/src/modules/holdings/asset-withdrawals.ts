import { randomUUID } from 'node:crypto';
import {
  ASSET_WITHDRAWAL_MESSAGES,
  addBankingDays,
  assetNotSupported,
  bankingDayOf,
  decimalToMinor,
  isMemoSwitchedOff,
  minorToDecimal,
  RAMP_QUOTE_MESSAGES,
  normaliseSandboxAmount,
  sandboxAmountMessage,
  type AssetWithdrawal,
  type AssetWithdrawalListReply,
  type AssetWithdrawalReply,
  type AssetWithdrawalRequest,
  type FeatureFlags,
  type OrderChallengeReply,
  WITHDRAWAL_CONFIRM_HOURS,
} from '@rampart/contracts';
import type { Db, Queryable } from '../../db';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { firstDifference, idempotencyMismatch, type Json } from '../../lib/idempotency';
import type { ChainGateway } from '../../providers/chain-gateway/types';
import { enqueueOutbox } from '../../providers/mail/outbox';
import {
  LEDGER_TRANSACTION_OPTIONS,
  assetDecimals,
  captureHold,
  isAssetCode,
  isLedgerError,
  placeHold,
  releaseHold,
  userAccount,
} from '../ledger';
import { checkChainDestination, tradeAsset } from '../ramp';
import { findUserContact } from '../identity';
import { hashConfirmationToken, newConfirmationToken, requireOpenedAccount, WORLD_CHAIN } from '../transfers';
import { renderAssetWithdrawalMail } from './mail-templates';
import { nextLook } from '../../lib/next-look';

/**
 * R14: held assets withdrawn to an external address (decision 032). The request holds the amount at once; the job
 * `holdings.send-withdrawal` (after ASSET_WITHDRAWAL_DELAY_SECONDS, the cold-storage step) captures the hold to the
 * chain and sends it through the chain gateway keyed by the withdrawal id (a retry sends the same transaction), then
 * `holdings.confirm-withdrawal` completes it once the network's confirmations are in. A refused send releases the hold.
 */
export interface AssetWithdrawalsContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  gateway: ChainGateway;
  flags: FeatureFlags;
  /** How long the cold-storage step takes before the send (seconds). */
  delaySeconds: number;
}

export const ASSET_WITHDRAWAL_JOBS = {
  send: 'holdings.send-withdrawal',
  confirm: 'holdings.confirm-withdrawal',
  expire: 'holdings.expire-withdrawal',
} as const;

/**
 * The second factor a withdrawal is confirmed with (decision 054): the identity module's trade step-up with the
 * 'withdrawal' code purpose, given by services.ts (structural here, so holdings does not import identity).
 */
export interface WithdrawalStepUp {
  start(userGuid: string): Promise<OrderChallengeReply>;
  /** Counts the attempt before `run`'s transaction judges the code with `check` (decision 056). */
  confirm<T>(
    userGuid: string,
    meta: { ip: string },
    code: string,
    run: (check: (tx: Queryable) => Promise<void>) => Promise<T>,
  ): Promise<T>;
}

/** What a request needs beyond the jobs' context: the step-up, and where the email's link points. */
export interface WithdrawalRequestDeps {
  stepUp: WithdrawalStepUp;
  /** The SPA's origin for the confirmation link. */
  origin: string;
  ip: string;
}

type Row = {
  id: string;
  user_id: string;
  asset: string;
  network: string;
  amount: bigint;
  address: string;
  memo: string | null;
  status: AssetWithdrawal['status'];
  hold_id: string | null;
  tx_hash: string | null;
  sent_at: Date | null;
  reason: string | null;
  expected_by: Date;
  created_at: Date;
  completed_at: Date | null;
  idempotency_key: string | null;
  request: Json | null;
  confirm_token_hash: string | null;
  confirm_by: Date | null;
};

const DAY_MS = 24 * 3600 * 1000;
const iso = (d: Date | string) => new Date(d).toISOString();
/** The asset's decimals; rows only ever hold ledger assets (checked when asked for). */
const decimalsOf = (asset: string) => (isAssetCode(asset) ? assetDecimals(asset) : 0);

function view(row: Row): AssetWithdrawal {
  return {
    withdrawalId: row.id,
    assetTicker: row.asset,
    network: row.network,
    amount: minorToDecimal(BigInt(row.amount), decimalsOf(row.asset)),
    address: row.address,
    memo: row.memo,
    status: row.status,
    txHash: row.tx_hash,
    reason: row.reason,
    expectedBy: iso(row.expected_by),
    createdAt: iso(row.created_at),
    completedAt: row.completed_at ? iso(row.completed_at) : null,
  };
}

/** The end of the next US banking day at the time of day of `now`: document 2's "up to 1 business day". */
function nextBankingDayFrom(now: Date): Date {
  const start = bankingDayOf(now);
  const target = addBankingDays(start, 1);
  return new Date(
    now.getTime() +
      Math.round((Date.parse(`${target}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) * DAY_MS,
  );
}

async function findRow(q: Queryable, id: string, forUpdate = false): Promise<Row | null> {
  const { rows } = await q.query<Row>(
    `SELECT * FROM asset_withdrawals WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

async function update(
  q: Queryable,
  id: string,
  patch: Partial<Pick<Row, 'status' | 'tx_hash' | 'sent_at' | 'reason' | 'completed_at'>>,
  now: Date,
): Promise<Row> {
  const keys = Object.keys(patch) as (keyof typeof patch)[];
  const { rows } = await q.query<Row>(
    `UPDATE asset_withdrawals SET ${[...keys.map((k, i) => `${k} = $${i + 3}`), 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING *`,
    [id, now, ...keys.map((k) => patch[k])],
  );
  return rows[0]!;
}

/** `POST /api/holdings/withdraw-challenge`: which factor confirms a withdrawal; the code is sent when emailed or texted. */
export async function startWithdrawalChallenge(
  ctx: AssetWithdrawalsContext,
  stepUp: WithdrawalStepUp,
  userGuid: string,
): Promise<OrderChallengeReply> {
  await requireOpenedAccount(ctx.db, userGuid);
  return stepUp.start(userGuid);
}

/**
 * `POST /api/holdings/withdraw`: checks everything, then in one transaction claims the row, checks and spends the
 * second-factor code (decision 054), holds the amount and mails the confirmation link; the send is queued only once
 * the link is opened (`confirmAssetWithdrawal`), and the withdrawal is cancelled after 24 hours without it.
 * With an Idempotency-Key the row is claimed first under (user, key) (decision 049): a retry of the same request,
 * even one the HTTP layer let through again after 60 seconds in flight (decision 018), waits for the first to
 * commit and gets its withdrawal back (`replayed`, no second code needed); the hold is keyed on that withdrawal, so
 * the asset is held and sent once. The same key with another request: 422 idempotency_error naming the field.
 * A wrong code rolls everything back and counts toward sign-in's lockout.
 */
export async function requestAssetWithdrawal(
  ctx: AssetWithdrawalsContext,
  deps: WithdrawalRequestDeps,
  userGuid: string,
  body: AssetWithdrawalRequest,
  idempotencyKey?: string,
): Promise<AssetWithdrawalReply> {
  const ticker = body.assetTicker.toUpperCase();
  const entry = tradeAsset(ctx.flags, body.network, ticker);
  if (!entry || entry.hidden || entry.section === 'fiat' || !isAssetCode(ticker))
    throw AppError.validation({ assetTicker: assetNotSupported(body.assetTicker) });
  const decimals = assetDecimals(ticker);
  const amountProblem = sandboxAmountMessage(body.amount, decimals);
  if (amountProblem) throw AppError.validation({ amount: amountProblem });
  // Read the way the rule above accepted it ('007.5' is 7.5), as the other money routes do, so that the same amount
  // written two ways is one request under an Idempotency-Key.
  const amount = decimalToMinor(normaliseSandboxAmount(body.amount as string | number), decimals);
  if (amount === null || amount <= 0n) throw AppError.validation({ amount: 'The amount must be greater than zero' });
  const memoOff = isMemoSwitchedOff(ctx.flags, entry);
  if (memoOff && (body.memo ?? '').trim() !== '')
    throw AppError.validation({ memo: RAMP_QUOTE_MESSAGES.memoNotForStablecoins });
  const destination = checkChainDestination(body.network, body.address, memoOff ? undefined : (body.memo ?? undefined));
  if (!destination.ok) throw AppError.validation({ [destination.field]: destination.message });
  // What the key stands for, normalised (`25` = `25.00`, the address as checked): a replay compares it.
  const request: Json = {
    assetTicker: ticker,
    network: body.network,
    amount: amount.toString(),
    address: destination.address,
    memo: destination.memo ?? null,
  };
  return deps.stepUp.confirm(userGuid, { ip: deps.ip }, body.code, (check) =>
    ctx.db.transaction(async (tx) => {
      await requireOpenedAccount(tx, userGuid);
      const now = ctx.clock.now();
      const id = randomUUID();
      const { token, hash } = newConfirmationToken();
      const confirmBy = new Date(now.getTime() + WITHDRAWAL_CONFIRM_HOURS * 3600 * 1000);
      const claimed = await tx.query<Row>(
        `INSERT INTO asset_withdrawals (id, user_id, asset, network, amount, address, memo, status, expected_by, created_at, updated_at, idempotency_key, request, confirm_token_hash, confirm_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'awaiting_confirmation', $8, $9, $9, $10, $11, $12, $13)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
        [
          id,
          userGuid,
          ticker,
          body.network,
          amount.toString(),
          destination.address,
          destination.memo,
          nextBankingDayFrom(now),
          now,
          idempotencyKey ?? null,
          JSON.stringify(request),
          hash,
          confirmBy,
        ],
      );
      if (claimed.rows.length === 0) {
        const { rows } = await tx.query<Row>(
          'SELECT * FROM asset_withdrawals WHERE user_id = $1 AND idempotency_key = $2',
          [userGuid, idempotencyKey],
        );
        const existing = rows[0];
        if (!existing) throw new AppError('conflict');
        const difference = firstDifference(existing.request ?? null, request);
        if (difference) throw idempotencyMismatch(difference);
        return { withdrawal: view(existing), replayed: true };
      }
      // The code is spent with the rest: a refusal after it (insufficient holdings) rolls back and gives it back.
      await check(tx);
      let holdId: string;
      try {
        ({ holdId } = await placeHold(tx, {
          idempotencyKey: `asset-withdrawal:${id}:hold`,
          account: userAccount(userGuid, ticker),
          asset: ticker,
          amount,
          metadata: { kind: 'asset-withdrawal', withdrawalId: id },
        }));
      } catch (error) {
        if (isLedgerError(error, 'insufficient_funds'))
          throw new AppError('insufficient_funds', { message: ASSET_WITHDRAWAL_MESSAGES.insufficientHoldings });
        throw error;
      }
      const { rows } = await tx.query<Row>('UPDATE asset_withdrawals SET hold_id = $2 WHERE id = $1 RETURNING *', [
        id,
        holdId,
      ]);
      const contact = await findContact(tx, userGuid);
      const mail = renderAssetWithdrawalMail(contact.locale, {
        amount: minorToDecimal(amount, decimals),
        assetTicker: ticker,
        network: body.network,
        address: destination.address,
        link: `${deps.origin}/money/withdraw-asset/confirm?token=${token}`,
      });
      await enqueueOutbox(
        tx,
        ctx.jobs,
        {
          channel: 'email',
          to: contact.email,
          template: 'asset-withdrawal-confirmation',
          locale: contact.locale,
          ...mail,
        },
        now,
      );
      await ctx.jobs.send(
        ASSET_WITHDRAWAL_JOBS.expire,
        { withdrawalId: id },
        { tx, startAfter: confirmBy, singletonKey: `expire:${id}` },
      );
      return { withdrawal: view(rows[0]!), replayed: false };
    }, LEDGER_TRANSACTION_OPTIONS),
  );
}

/** The user's mail address and language, from the identity module. */
async function findContact(q: Queryable, userGuid: string): Promise<{ email: string; locale: 'en' | 'es' }> {
  const contact = await findUserContact(q, userGuid);
  if (!contact) throw new Error(`user ${userGuid} vanished`);
  return contact;
}

/** awaiting_confirmation -> cancelled, the hold released (the link expired, or was never opened). */
async function cancelUnconfirmed(tx: Queryable, row: Row, now: Date): Promise<void> {
  if (row.hold_id) await releaseHold(tx, { idempotencyKey: `asset-withdrawal:${row.id}:release`, holdId: row.hold_id });
  await update(tx, row.id, { status: 'cancelled', reason: ASSET_WITHDRAWAL_MESSAGES.notConfirmedInTime }, now);
}

/**
 * `POST /api/holdings/confirm-withdrawal {token}`: the email's link, single use, within 24 hours (decision 054). The
 * withdrawal becomes pending and its send is queued after the cold-storage step; an expired link cancels it
 * (the hold released) and answers 400 withdrawal_confirmation_expired; another user's, a used or an unknown token
 * answers 400 withdrawal_confirmation_invalid, as for USD withdrawals.
 */
export async function confirmAssetWithdrawal(
  ctx: AssetWithdrawalsContext,
  userGuid: string,
  token: string,
): Promise<AssetWithdrawalReply> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      'SELECT * FROM asset_withdrawals WHERE user_id = $1 AND confirm_token_hash = $2 FOR UPDATE',
      [userGuid, hashConfirmationToken(token.trim())],
    );
    const row = rows[0];
    if (!row || row.status !== 'awaiting_confirmation') throw new AppError('withdrawal_confirmation_invalid');
    const now = ctx.clock.now();
    if (row.confirm_by && now.getTime() >= new Date(row.confirm_by).getTime()) {
      await cancelUnconfirmed(tx, row, now);
      return { expired: true as const };
    }
    const { rows: updated } = await tx.query<Row>(
      "UPDATE asset_withdrawals SET status = 'pending', expected_by = $2, updated_at = $3 WHERE id = $1 RETURNING *",
      [row.id, nextBankingDayFrom(now), now],
    );
    await ctx.jobs.send(
      ASSET_WITHDRAWAL_JOBS.send,
      { withdrawalId: row.id },
      { tx, startAfter: new Date(now.getTime() + ctx.delaySeconds * 1000), singletonKey: `send:${row.id}` },
    );
    return { expired: false as const, reply: { withdrawal: view(updated[0]!), replayed: false } };
  }, LEDGER_TRANSACTION_OPTIONS);
  // The cancellation is committed before the refusal is sent.
  if (outcome.expired) throw new AppError('withdrawal_confirmation_expired');
  return outcome.reply;
}

/** The job after 24 hours: a withdrawal still waiting for its link is cancelled and its hold released. */
export async function runExpireWithdrawal(ctx: AssetWithdrawalsContext, withdrawalId: string): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, withdrawalId, true);
    if (!row || row.status !== 'awaiting_confirmation') return 'nothing';
    const now = ctx.clock.now();
    if (row.confirm_by && now.getTime() < new Date(row.confirm_by).getTime()) {
      await ctx.jobs.send(ASSET_WITHDRAWAL_JOBS.expire, { withdrawalId }, { tx, startAfter: new Date(row.confirm_by) });
      return 'not-due';
    }
    await cancelUnconfirmed(tx, row, now);
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** `POST /api/holdings/withdrawals`: the caller's withdrawals, newest first (the latest 100). */
export async function listAssetWithdrawals(db: Queryable, userGuid: string): Promise<AssetWithdrawalListReply> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM asset_withdrawals WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100',
    [userGuid],
  );
  return { withdrawals: rows.map(view) };
}

type Outcome = 'moved' | 'not-due' | 'nothing';

/**
 * pending -> sending (or failed, the hold released): the asset leaves custody through the gateway. The gateway is
 * asked before the withdrawal's transaction opens (decision 085): a real chain's gateway commits its signed
 * transaction in its own, and a node call must hold no lock. The reference gives the same transfer however often it
 * is asked; a throw (a node that cannot be reached) changes nothing and the job is retried.
 */
export async function runSendWithdrawal(ctx: AssetWithdrawalsContext, withdrawalId: string): Promise<Outcome> {
  const before = await findRow(ctx.db, withdrawalId, false);
  if (!before || before.status !== 'pending' || !before.hold_id) return 'nothing';
  const amount = BigInt(before.amount);
  const result = await ctx.gateway.deliver({
    network: before.network,
    asset: before.asset,
    address: before.address,
    memo: before.memo,
    amount,
    reference: `withdrawal:${before.id}`,
    decimals: decimalsOf(before.asset),
  });
  const sentAt = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, withdrawalId, true);
    if (!row || row.status !== 'pending' || !row.hold_id) return 'nothing';
    const now = ctx.clock.now();
    if (!result.ok) {
      await releaseHold(tx, { idempotencyKey: `asset-withdrawal:${row.id}:release`, holdId: row.hold_id });
      await update(tx, row.id, { status: 'failed', reason: result.reason }, now);
      return 'moved';
    }
    await captureHold(tx, {
      idempotencyKey: `asset-withdrawal:${row.id}:capture`,
      holdId: row.hold_id,
      destination: WORLD_CHAIN,
      amount,
      metadata: { kind: 'asset-withdrawal', withdrawalId: row.id },
    });
    await update(tx, row.id, { status: 'sending', tx_hash: result.txHash, sent_at: sentAt }, now);
    await ctx.jobs.send(
      ASSET_WITHDRAWAL_JOBS.confirm,
      { withdrawalId },
      { tx, startAfter: nextLook(sentAt, now, ctx.gateway.confirmationDelayMs) },
    );
    return 'moved';
  }, LEDGER_TRANSACTION_OPTIONS);
}

/**
 * sending -> completed once the network's confirmations are in; early, it waits again. The chain is asked first,
 * outside the withdrawal's transaction, as an order's confirmation does
 * (docs/decisions/091-evm-withdrawals-followed-reorgs.md): the gateway's `follow` sends again a transaction its node
 * lost and replaces one stuck below the market's fee, writing in its own transaction, and names the version mined.
 * Then the row is locked and checked again.
 */
export async function runConfirmWithdrawal(ctx: AssetWithdrawalsContext, withdrawalId: string): Promise<Outcome> {
  const before = await findRow(ctx.db, withdrawalId, false);
  if (!before || before.status !== 'sending' || !before.tx_hash || !before.sent_at) return 'nothing';
  const txHash = await ctx.gateway.follow({ network: before.network, txHash: before.tx_hash });
  const status = await ctx.gateway.confirmations({
    network: before.network,
    txHash,
    sentAt: new Date(before.sent_at),
    now: ctx.clock.now(),
  });
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, withdrawalId, true);
    // Another run recorded a newer look meanwhile (another hash): this one's answer is not newer.
    if (!row || row.status !== 'sending' || row.tx_hash !== before.tx_hash || !row.sent_at) return 'nothing';
    const now = ctx.clock.now();
    const hash = txHash === row.tx_hash ? {} : { tx_hash: txHash };
    if (status.confirmations < status.required) {
      if (hash.tx_hash) await update(tx, row.id, hash, now);
      await ctx.jobs.send(
        ASSET_WITHDRAWAL_JOBS.confirm,
        { withdrawalId },
        { tx, startAfter: nextLook(new Date(row.sent_at), now, ctx.gateway.confirmationDelayMs) },
      );
      return 'not-due';
    }
    await update(tx, row.id, { ...hash, status: 'completed', completed_at: now }, now);
    return 'moved';
  });
}

export function assetWithdrawalJobs(ctx: AssetWithdrawalsContext): JobDefinition[] {
  const define = (name: string, run: (ctx: AssetWithdrawalsContext, id: string) => Promise<Outcome>): JobDefinition =>
    ({
      name,
      retryLimit: 10,
      retryDelaySeconds: 5,
      async handle(data: { withdrawalId: string }) {
        await run(ctx, data.withdrawalId);
      },
    }) as JobDefinition;
  return [
    define(ASSET_WITHDRAWAL_JOBS.send, runSendWithdrawal),
    define(ASSET_WITHDRAWAL_JOBS.confirm, runConfirmWithdrawal),
    define(ASSET_WITHDRAWAL_JOBS.expire, runExpireWithdrawal),
  ];
}
