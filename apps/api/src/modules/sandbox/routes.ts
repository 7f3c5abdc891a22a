import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmptyRequest,
  SANDBOX_MESSAGES,
  SandboxAccountReply,
  SandboxAssetDepositRequest,
  SandboxFreezeReply,
  SandboxFundReply,
  SandboxFundRequest,
  SandboxPlaidResetReply,
  SandboxPlaidResetRequest,
} from '@rampart/contracts';
import { ledgerKeyOf } from '../../lib/idempotency';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { idempotentComparing } from '../../plugins/idempotency';
import { clearSandboxAccount } from './clear-account';
import type { BankLinkProvider } from '../../providers/bank-link/types';
import type { SandboxContext } from './context';
import { comparedCredit } from './credit-account';
import { depositAsset } from './deposit-asset';
import { depositWire } from './deposit-wire';
import { freezeSandboxAccount } from './freeze-account';
import { fundAccount } from './fund-account';
import { resetBankMethod } from '../methods';
import { openSandboxAccount } from './open-account';
import { unfreezeSandboxAccount } from './unfreeze-account';

const tags = ['sandbox'];

/**
 * The sandbox calls that open, clear and fund the custodial account (document 2, section 7). R4: they exist only
 * in sandbox mode; otherwise nothing is registered and they answer 404 like any unknown route. Any signed-in user
 * may use them, on their own account only.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  /** With the process's bank link: the reset puts the item into login-required there too. */
  ctx: SandboxContext & { bankLink: BankLinkProvider };
  enabled: boolean;
}> = async (app, { ctx, enabled }) => {
  if (!enabled) return;
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };

  app.post(
    '/primetrust/sandbox/account/individual/create',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Open the caller’s custodial account at once (a sandbox individual when there is no record)',
        body: EmptyRequest,
        response: { 200: SandboxAccountReply, ...errorResponses },
      },
    },
    async (request) => openSandboxAccount(ctx, requireUser(request)),
  );
  app.post(
    '/primetrust/sandbox/account/individual/clear',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Take the caller’s account back to noInfo (history and ledger kept)',
        body: EmptyRequest,
        response: { 200: SandboxAccountReply, ...errorResponses },
      },
    },
    async (request) => clearSandboxAccount(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/primetrust/sandbox/account/fund',
    {
      ...signedIn,
      ...idempotentComparing(comparedCredit('USD')),
      schema: {
        tags,
        summary: 'Credit USD to the caller’s opened account, settled at once (optional Idempotency-Key header)',
        body: SandboxFundRequest,
        response: { 200: SandboxFundReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return fundAccount(ctx, user.userGuid, request.body.amount, ledgerKeyOf(request, user.userGuid));
    },
  );
  app.post(
    '/primetrust-sandbox-send-and-settle-wire-deposit',
    {
      ...signedIn,
      ...idempotentComparing(comparedCredit('USD')),
      schema: {
        tags,
        summary: 'A wire deposit sent and settled at once (optional Idempotency-Key header)',
        body: SandboxFundRequest,
        response: { 200: SandboxFundReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return depositWire(ctx, user.userGuid, request.body.amount, ledgerKeyOf(request, user.userGuid));
    },
  );
  app.post(
    '/primetrust-sandbox-asset-deposit',
    {
      ...signedIn,
      ...idempotentComparing(comparedCredit()),
      schema: {
        tags,
        summary: 'Credit a crypto or stablecoin asset to the caller’s opened account (optional Idempotency-Key header)',
        body: SandboxAssetDepositRequest,
        response: { 200: SandboxFundReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return depositAsset(ctx, user.userGuid, request.body, ledgerKeyOf(request, user.userGuid));
    },
  );
  // R5 (decision 018): the freeze guard lets the unfreeze call through while frozen, so a tester is never stuck.
  app.post(
    '/primetrust-sandbox-freeze-account',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The custodian freezes the caller’s account: other calls answer 401 with the frozen marker',
        body: EmptyRequest,
        response: { 200: SandboxFreezeReply, ...errorResponses },
      },
    },
    async (request) => freezeSandboxAccount(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/primetrust-sandbox-unfreeze-account',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Lift the freeze of the caller’s account (safe to repeat)',
        body: EmptyRequest,
        response: { 200: SandboxFreezeReply, ...errorResponses },
      },
    },
    async (request) => unfreezeSandboxAccount(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/primetrust/sandbox/plaid-reset-method',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Put one of the caller’s linked bank methods into "login required" (re-authentication)',
        body: SandboxPlaidResetRequest,
        response: { 200: SandboxPlaidResetReply, ...errorResponses },
      },
    },
    async (request) => {
      const method = await resetBankMethod(ctx.db, requireUser(request).userGuid, request.body.fundsTransferMethodId, {
        clock: ctx.clock,
        bankLink: ctx.bankLink,
      });
      return {
        message: SANDBOX_MESSAGES.methodReset,
        fundsTransferMethodId: method.primetrustFundsTransferMethodId,
        requiresReauth: method.requiresReauth,
      };
    },
  );
};
