import {
  TRANSFER_MESSAGES,
  TRANSFER_SANDBOX_MESSAGES,
  type SandboxSettleReply,
  type SandboxTestSellReply,
} from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { LEDGER_TRANSACTION_OPTIONS, postTransaction, toMinorUnits, userAccount } from '../ledger';
import type { TransfersContext } from './context';
import { requireOpenedAccount } from './money';
import { findPendingOfUser, findTransfer, type TransferMethod } from './repository';
import { reverseLocked } from './reverse-transfer';
import { settleLocked } from './settle-transfer';
import { toTransferView } from './view';

const SANDBOX_REASON = 'Sandbox: settled on request';

/** Where on-chain deposits come from and where sales go, to the ledger (world accounts may go negative). */
export const WORLD_CHAIN = 'world:chain';
export const WORLD_MARKET = 'world:market';

function nothing(message: string): AppError {
  return new AppError('nothing_to_settle', { message });
}

/** Settles, now, the caller's most recent pending transfer(s) of a kind (R4: the sandbox screen's settle actions). */
async function settleLatest(
  ctx: TransfersContext,
  userGuid: string,
  spec: {
    methods: TransferMethod[];
    direction: 'contribution' | 'disbursement';
    all?: boolean;
    confirmedOnly?: boolean;
    message: string;
    none: string;
  },
): Promise<SandboxSettleReply> {
  return ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const rows = await findPendingOfUser(tx, userGuid, spec.methods, spec.direction, {
      ...(spec.all ? {} : { limit: 1 }),
      confirmedOnly: spec.confirmedOnly ?? false,
    });
    if (rows.length === 0) throw nothing(spec.none);
    const transfers = [];
    for (const row of rows) transfers.push(toTransferView(await settleLocked(tx, ctx, row, SANDBOX_REASON)));
    return { message: spec.message, transfers };
  }, LEDGER_TRANSACTION_OPTIONS);
}

/** `/primetrust-sandbox-settle-last-ach-contribution`: the latest pending ACH deposit is credited now. */
export const settleLastAchContribution = (ctx: TransfersContext, userGuid: string) =>
  settleLatest(ctx, userGuid, {
    methods: ['ach'],
    direction: 'contribution',
    message: TRANSFER_SANDBOX_MESSAGES.achSettled,
    none: TRANSFER_MESSAGES.nothingToSettleAch,
  });

/** `/primetrust-sandbox-settle-last-cc-contribution`: the latest pending card deposit is credited now. */
export const settleLastCardContribution = (ctx: TransfersContext, userGuid: string) =>
  settleLatest(ctx, userGuid, {
    methods: ['card'],
    direction: 'contribution',
    message: TRANSFER_SANDBOX_MESSAGES.cardSettled,
    none: TRANSFER_MESSAGES.nothingToSettleCard,
  });

/** `/primetrust-sandbox-settle-last-wire-withdrawal`: the latest confirmed pending wire withdrawal (US or international) leaves now. */
export const settleLastWireWithdrawal = (ctx: TransfersContext, userGuid: string) =>
  settleLatest(ctx, userGuid, {
    methods: ['us_wire', 'international_wire'],
    direction: 'disbursement',
    confirmedOnly: true,
    message: TRANSFER_SANDBOX_MESSAGES.wireWithdrawalSettled,
    none: TRANSFER_MESSAGES.nothingToSettleWire,
  });

/** `/primetrust-sandbox-settle-instant-ach-contributions`: every pending instant ACH deposit's bank pull settles now. */
export const settleInstantAchContributions = (ctx: TransfersContext, userGuid: string) =>
  settleLatest(ctx, userGuid, {
    methods: ['instant_ach'],
    direction: 'contribution',
    all: true,
    message: TRANSFER_SANDBOX_MESSAGES.instantAchSettled,
    none: TRANSFER_MESSAGES.nothingToSettleInstant,
  });

/**
 * `/primetrust-sandbox-reverse-last-ach-contribution` (ours, decision 015): the bank returns the latest ACH or
 * instant ACH deposit whose money was credited; a reversing ledger transaction takes it back.
 */
export async function reverseLastAchContribution(ctx: TransfersContext, userGuid: string): Promise<SandboxSettleReply> {
  return ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM transfers WHERE user_id = $1 AND direction = 'contribution' AND method IN ('ach', 'instant_ach')
         AND credit_transaction_id IS NOT NULL AND status IN ('settled', 'pending')
       ORDER BY created_at DESC, seq DESC LIMIT 1`,
      [userGuid],
    );
    const id = rows[0]?.id;
    if (!id) throw nothing('There is no credited ACH contribution to reverse');
    const row = await findTransfer(tx, id, { forUpdate: true });
    if (!row) throw nothing('There is no credited ACH contribution to reverse');
    return {
      message: TRANSFER_SANDBOX_MESSAGES.reversed,
      transfers: [await reverseLocked(tx, ctx, row, 'Sandbox: returned by the bank')],
    };
  }, LEDGER_TRANSACTION_OPTIONS);
}

export const TEST_SELL = { assetTicker: 'USDC', assetAmount: '100', price: '1.00', usdAmount: '100.00' } as const;

/**
 * `/primetrust-sandbox-test-sell-flow` (the spec names the action, not the path; decision 015): for a caller with no
 * sell order awaiting its deposit (decision 028), the flow is 100 USDC arriving on-chain into the caller's holdings
 * (WORLD_CHAIN → user USDC) and sold at 1.00 into the USD balance (user USDC → WORLD_MARKET, WORLD_MARKET → user USD):
 * two settled ledger transactions. The Idempotency-Key header (`ledgerKeyBase`) makes a repeat move nothing.
 */
export async function runTestSellFlow(
  ctx: TransfersContext,
  userGuid: string,
  ledgerKeyBase: string,
): Promise<SandboxTestSellReply> {
  const usdc = toMinorUnits(TEST_SELL.assetAmount, 'USDC');
  const usd = toMinorUnits(TEST_SELL.usdAmount, 'USD');
  return ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const deposit = await postTransaction(tx, {
      idempotencyKey: `${ledgerKeyBase}:deposit`,
      postings: [{ source: WORLD_CHAIN, destination: userAccount(userGuid, 'USDC'), asset: 'USDC', amount: usdc }],
      metadata: { kind: 'asset-deposit', method: 'on-chain', sandbox: true, flow: 'test-sell', status: 'settled' },
    });
    const sale = await postTransaction(tx, {
      idempotencyKey: `${ledgerKeyBase}:sale`,
      postings: [
        { source: userAccount(userGuid, 'USDC'), destination: WORLD_MARKET, asset: 'USDC', amount: usdc },
        { source: WORLD_MARKET, destination: userAccount(userGuid, 'USD'), asset: 'USD', amount: usd },
      ],
      metadata: { kind: 'sell', price: TEST_SELL.price, sandbox: true, flow: 'test-sell', status: 'settled' },
    });
    return {
      message: TRANSFER_SANDBOX_MESSAGES.testSellFlow,
      assetTicker: TEST_SELL.assetTicker,
      assetAmount: '100.000000',
      usdAmount: TEST_SELL.usdAmount,
      transactionIds: [deposit.transactionId, sale.transactionId],
    };
  }, LEDGER_TRANSACTION_OPTIONS);
}
