import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmWithdrawalRequest,
  DEFAULT_FEATURE_FLAGS,
  DepositRequest,
  isDepositMethodOn,
  TRANSFER_MESSAGES,
  type DepositFlags,
  type TransferMethodKey,
  EmptyRequest,
  SandboxSettleReply,
  SandboxTestSellReply,
  TransferIdRequest,
  TransferListReply,
  TransferListRequest,
  TransferReply,
  WireInstructionsReply,
  WithdrawRequest,
} from '@rampart/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { idempotencyKeyOf, ledgerKeyOf, rowKeyOf } from '../../lib/idempotency';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { idempotent, singleFlight } from '../../plugins/idempotency';
import { LEDGER_TRANSACTION_OPTIONS } from '../ledger';
import { cancelTransfer } from './cancel-transfer';
import { confirmWithdrawal } from './confirm-withdrawal';
import type { TransfersContext } from './context';
import { getTransfer, listTransfers } from './list-transfers';
import { requestDeposit } from './request-deposit';
import { requestWithdrawal } from './request-withdrawal';
import {
  reverseLastAchContribution,
  runTestSellFlow,
  settleInstantAchContributions,
  settleLastAchContribution,
  settleLastCardContribution,
  settleLastWireWithdrawal,
} from './sandbox-settle';
import { getWireInstructions } from './wire-instructions';

const tags = ['transfers'];

function originOf(ctx: TransfersContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The route handlers as plain functions of (ctx, request), so another layer (R16's 409-while-in-flight) can wrap
 * them without knowing their insides.
 */
export const transferHandlers = {
  deposit: (ctx: TransfersContext, request: FastifyRequest, body: DepositRequest) =>
    requestDeposit(ctx, requireUser(request).userGuid, body, rowKeyOf(request)),
  withdraw: (ctx: TransfersContext, request: FastifyRequest, body: WithdrawRequest) =>
    requestWithdrawal(ctx, requireUser(request).userGuid, body, {
      idempotencyKey: rowKeyOf(request),
      origin: originOf(ctx, request),
    }),
  confirmWithdrawal: (ctx: TransfersContext, request: FastifyRequest, body: ConfirmWithdrawalRequest) =>
    confirmWithdrawal(ctx, requireUser(request).userGuid, body.token),
  wireInstructions: (ctx: TransfersContext, request: FastifyRequest) =>
    getWireInstructions(ctx.db, requireUser(request).userGuid),
  list: (ctx: TransfersContext, request: FastifyRequest, body: TransferListRequest) =>
    listTransfers(ctx.db, requireUser(request).userGuid, body),
  get: (ctx: TransfersContext, request: FastifyRequest, body: TransferIdRequest) =>
    getTransfer(ctx.db, requireUser(request).userGuid, body.transferId),
  cancel: async (ctx: TransfersContext, request: FastifyRequest, body: TransferIdRequest) => ({
    transfer: await ctx.db.transaction(
      (tx) => cancelTransfer(tx, ctx, requireUser(request).userGuid, body.transferId.toLowerCase()),
      LEDGER_TRANSACTION_OPTIONS,
    ),
    replayed: false,
  }),
};

/** Deposits and withdrawals (decision 015): signed in, the caller's own transfers and methods only. */
export const transferRoutes: FastifyPluginAsyncZod<{ ctx: TransfersContext; flags?: DepositFlags }> = async (
  app,
  { ctx, flags = DEFAULT_FEATURE_FLAGS },
) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  const reply = { 200: TransferReply, ...errorResponses };

  app.post(
    '/transfers/deposit',
    {
      ...signedIn,
      ...singleFlight,
      schema: {
        tags,
        summary: 'Deposit from a linked bank by ACH or instant ACH (optional Idempotency-Key header)',
        body: DepositRequest,
        response: reply,
      },
    },
    (request) => {
      // A method the feature flags switch off is refused before anything is looked up (docs/feature-flags.md).
      if (!isDepositMethodOn(flags, request.body.method as TransferMethodKey))
        throw AppError.validation({ method: TRANSFER_MESSAGES.methodSwitchedOff });
      return transferHandlers.deposit(ctx, request, request.body);
    },
  );
  app.post(
    '/transfers/wire-instructions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Where to send a US or international wire deposit, with the reference for its memo',
        body: EmptyRequest,
        response: { 200: WireInstructionsReply, ...errorResponses },
      },
    },
    (request) => transferHandlers.wireInstructions(ctx, request),
  );
  app.post(
    '/transfers/withdraw',
    {
      ...signedIn,
      ...singleFlight,
      schema: {
        tags,
        summary:
          'Withdraw by ACH, US wire or international wire; confirmed from its email within 24 hours (optional Idempotency-Key header)',
        body: WithdrawRequest,
        response: reply,
      },
    },
    (request) => transferHandlers.withdraw(ctx, request, request.body),
  );
  app.post(
    '/transfers/confirm-withdrawal',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Confirm a withdrawal with the token of its email's link (single use, 24 hours)",
        body: ConfirmWithdrawalRequest,
        response: reply,
      },
    },
    (request) => transferHandlers.confirmWithdrawal(ctx, request, request.body),
  );
  app.post(
    '/transfers/list',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's deposits and withdrawals, newest first",
        body: TransferListRequest,
        response: { 200: TransferListReply, ...errorResponses },
      },
    },
    (request) => transferHandlers.list(ctx, request, request.body),
  );
  app.post(
    '/transfers/get',
    {
      ...signedIn,
      schema: { tags, summary: "One of the caller's transfers", body: TransferIdRequest, response: reply },
    },
    (request) => transferHandlers.get(ctx, request, request.body),
  );
  app.post(
    '/transfers/cancel',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Cancel one of the caller's pending transfers (a withdrawal's hold is released)",
        body: TransferIdRequest,
        response: reply,
      },
    },
    (request) => transferHandlers.cancel(ctx, request, request.body),
  );
};

/**
 * The sandbox screen's settle calls (document 2, sections 7 and 8; R4: registered only in sandbox mode, else 404
 * like any unknown route). Each acts on the caller's own opened account.
 */
export const transferSandboxRoutes: FastifyPluginAsyncZod<{
  ctx: TransfersContext;
  enabled: boolean;
  /**
   * The orders module's part of the test sell flow (app.ts links it): the deposit of a sell order waiting for one,
   * remembered under the call's Idempotency-Key when it has one (decision 049).
   */
  sellOrderDeposit?: (userGuid: string, depositKey?: string) => Promise<SandboxTestSellReply | null>;
}> = async (app, { ctx, enabled, sellOrderDeposit }) => {
  if (!enabled) return;
  const signedIn = { preValidation: app.authenticate };
  const settle = { 200: SandboxSettleReply, ...errorResponses };
  const sandboxTags = ['sandbox'];
  const calls = [
    [
      '/primetrust-sandbox-settle-last-ach-contribution',
      'Settle the latest pending ACH deposit now',
      settleLastAchContribution,
    ],
    [
      '/primetrust-sandbox-settle-last-cc-contribution',
      'Settle the latest pending card deposit now',
      settleLastCardContribution,
    ],
    [
      '/primetrust-sandbox-settle-last-wire-withdrawal',
      'Settle the latest confirmed pending wire withdrawal now',
      settleLastWireWithdrawal,
    ],
    [
      '/primetrust-sandbox-settle-instant-ach-contributions',
      "Settle every pending instant ACH deposit's bank pull now",
      settleInstantAchContributions,
    ],
    [
      '/primetrust-sandbox-reverse-last-ach-contribution',
      'The bank returns the latest credited ACH or instant ACH deposit (a reversal)',
      reverseLastAchContribution,
    ],
  ] as const;
  for (const [path, summary, run] of calls) {
    app.post(
      path,
      { ...signedIn, schema: { tags: sandboxTags, summary, body: EmptyRequest, response: settle } },
      (request) => run(ctx, requireUser(request).userGuid),
    );
  }
  app.post(
    '/primetrust-sandbox-test-sell-flow',
    {
      ...signedIn,
      ...idempotent,
      schema: {
        tags: sandboxTags,
        summary:
          "The deposit of the caller's newest sell order waiting for one arrives; without one, 100 USDC arrive on-chain and are sold at 1.00 into the USD balance (optional Idempotency-Key header)",
        body: EmptyRequest,
        response: { 200: SandboxTestSellReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Both branches are keyed on (user, Idempotency-Key): a retry gives the same order or the same sale (decision 049).
      return (
        (await sellOrderDeposit?.(user.userGuid, idempotencyKeyOf(request))) ??
        runTestSellFlow(ctx, user.userGuid, `test-sell:${ledgerKeyOf(request, user.userGuid)}`)
      );
    },
  );
};
