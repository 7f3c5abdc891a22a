import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankAccountListReply,
  BankAccountListRequest,
  BankAccountRemoveReply,
  BankAccountRemoveRequest,
  BankAccountReply,
  BankLinkHandoffRedeemReply,
  BankLinkHandoffRedeemRequest,
  BankLinkHandoffReply,
  BankLinkHandoffRequest,
  BankLinkHandoffStatusReply,
  BankLinkHandoffStatusRequest,
  EmptyRequest,
  PlaidBankAccountAddRequest,
  PlaidBankAccountReauthRequest,
  PlaidInstitutionsReply,
  PlaidLinkTokenReply,
  PlaidReauthTokenRequest,
  PlaidSandboxLinkReply,
  PlaidSandboxLinkRequest,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { addBankMethod } from './add-bank-method';
import {
  assertHandoffKind,
  assertHandoffMethod,
  bankLinkHandoffStatus,
  createBankLinkHandoff,
  markHandoffLinked,
  redeemBankLinkHandoff,
} from './bank-link-handoff';
import { completeSandboxLink } from './complete-sandbox-link';
import type { MethodsContext } from './context';
import { createLinkToken } from './create-link-token';
import { createReauthToken } from './create-reauth-token';
import { listInstitutions } from './institutions';
import { listBankAccounts } from './list-bank-accounts';
import { reauthBankMethod } from './reauth-bank-method';
import { removeBankMethod } from './remove-bank-method';

const tags = ['bank methods'];

/** Bank link and bank accounts (decision 013): the caller's own methods only. */
export const bankMethodRoutes: FastifyPluginAsyncZod<{
  ctx: MethodsContext;
  /** Where the SPA is served, for the wallet's bank-link handoff (decision 034); the request's origin when null. */
  publicUrl?: string | null;
}> = async (app, { ctx, publicUrl }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  // The calls that link or re-authenticate a bank also take a wallet bank-link handoff's access token (decision 034):
  // the picker and the sandbox's link screen either kind, the others only their own kind (refused before the body).
  const linking = { preValidation: app.authenticateBankLink };
  const handoffOf = (kind: 'new-link' | 'reauth') => ({
    preValidation: [
      app.authenticateBankLink,
      async (request: FastifyRequest) => assertHandoffKind(requireUser(request), kind),
    ],
  });

  app.post(
    '/plaid-institutions',
    {
      ...linking,
      schema: {
        tags,
        summary: "The bank-link picker's institutions: id, name, monogram logo, blacklisted",
        body: EmptyRequest,
        response: { 200: PlaidInstitutionsReply, ...errorResponses },
      },
    },
    async () => listInstitutions(ctx),
  );
  app.post(
    '/plaid-ui-token',
    {
      ...handoffOf('new-link'),
      schema: {
        tags,
        summary: 'A link token to start linking a bank',
        body: EmptyRequest,
        response: { 200: PlaidLinkTokenReply, ...errorResponses },
      },
    },
    async (request) => createLinkToken(ctx, requireUser(request).userGuid),
  );
  app.post(
    '/plaid-sandbox-link',
    {
      ...linking,
      schema: {
        tags,
        summary:
          "The sandbox link screen: a link token and the chosen institution give a public token and the institution's accounts",
        body: PlaidSandboxLinkRequest,
        response: { 200: PlaidSandboxLinkReply, ...errorResponses },
      },
    },
    async (request) => completeSandboxLink(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/plaid-bank-account-add',
    {
      ...handoffOf('new-link'),
      schema: {
        tags,
        summary: 'Store the linked account of a bank link record as a method (idempotent)',
        body: PlaidBankAccountAddRequest,
        response: { 200: BankAccountReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const reply = await addBankMethod(ctx, user.userGuid, request.body);
      await markHandoffLinked(ctx, user, reply.account.primetrustFundsTransferMethodId);
      return reply;
    },
  );

  // Bank linking from the wallet mini-app (decision 034).
  app.post(
    '/bank-link-handoff',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "A single-use link that opens the bank link (or with fundsTransferMethodId the bank's re-auth) in the wallet app's browser",
        body: BankLinkHandoffRequest,
        response: { 200: BankLinkHandoffReply, ...errorResponses },
      },
    },
    async (request) =>
      createBankLinkHandoff(
        ctx,
        requireUser(request).userGuid,
        publicUrl ?? `${request.protocol}://${request.host}`,
        request.body?.fundsTransferMethodId,
      ),
  );
  app.post(
    '/bank-link-handoff/redeem',
    {
      schema: {
        tags,
        summary: "The wallet browser's side: the link's token, once, for an access token the bank-link calls accept",
        body: BankLinkHandoffRedeemRequest,
        response: { 200: BankLinkHandoffRedeemReply, ...errorResponses },
      },
    },
    async (request) => redeemBankLinkHandoff(ctx, request.body.token),
  );
  app.post(
    '/bank-link-handoff/status',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Whether the bank link opened in the wallet's browser was opened or linked a bank",
        body: BankLinkHandoffStatusRequest,
        response: { 200: BankLinkHandoffStatusReply, ...errorResponses },
      },
    },
    async (request) => bankLinkHandoffStatus(ctx, requireUser(request).userGuid, request.body.handoffId),
  );
  app.post(
    '/bank-account-list',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's bank accounts (fundsTransferMethod plaid), with their re-auth state",
        body: BankAccountListRequest,
        response: { 200: BankAccountListReply, ...errorResponses },
      },
    },
    async (request) => listBankAccounts(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/bank-account-remove',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Remove one of the caller's bank methods",
        body: BankAccountRemoveRequest,
        response: { 200: BankAccountRemoveReply, ...errorResponses },
      },
    },
    async (request) => removeBankMethod(ctx, requireUser(request).userGuid, request.body.fundsTransferMethodId),
  );
  app.post(
    '/plaid-ui-reauth-token',
    {
      ...handoffOf('reauth'),
      schema: {
        tags,
        summary: 'A link token to log in again to the bank of a method that needs it',
        body: PlaidReauthTokenRequest,
        response: { 200: PlaidLinkTokenReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      assertHandoffMethod(user, request.body.fundsTransferMethodId);
      return createReauthToken(ctx, user.userGuid, request.body.fundsTransferMethodId);
    },
  );
  app.post(
    '/plaid-bank-account-reauth',
    {
      ...handoffOf('reauth'),
      schema: {
        tags,
        summary: "Finish a re-auth with the re-auth link's public token; clears login required",
        body: PlaidBankAccountReauthRequest,
        response: { 200: BankAccountReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      assertHandoffMethod(user, request.body.fundsTransferMethodId);
      const reply = await reauthBankMethod(ctx, user.userGuid, request.body);
      await markHandoffLinked(ctx, user, reply.account.primetrustFundsTransferMethodId);
      return reply;
    },
  );
};
