import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountReply, ContactStatusReply, EmptyRequest } from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { AccountsContext } from './context';
import { getAccount } from './get-account';
import { getContactStatus } from './get-contact-status';
import { refreshAccount } from './refresh-account';

const tags = ['accounts'];

/** The custodial account of the signed-in user (document 2, section 7, Account). Only the caller's own. */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/primetrust/account/get',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The account status (noInfo, incomplete, pending, opened, closed, voided)',
        body: EmptyRequest,
        response: { 200: AccountReply, ...errorResponses },
      },
    },
    async (request) => getAccount(ctx.db, requireUser(request).userGuid),
  );
  app.post(
    '/primetrust-contact',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The detailed KYC status: which checks are pending, passed or failed',
        body: EmptyRequest,
        response: { 200: ContactStatusReply, ...errorResponses },
      },
    },
    async (request) => getContactStatus(ctx.db, requireUser(request).userGuid),
  );
  app.post(
    '/primetrust-account-refresh',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Ask the custodian again about a pending application',
        body: EmptyRequest,
        response: { 200: AccountReply, ...errorResponses },
      },
    },
    async (request) => refreshAccount(ctx, requireUser(request).userGuid),
  );
};
