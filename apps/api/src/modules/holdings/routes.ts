import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmptyRequest, HoldingsReply } from '@rampart/contracts';
import type { Db } from '../../db';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { getHoldings } from './get-holdings';

const tags = ['holdings'];

/** The custodial account's holdings (document 2, section 7, Account; R14). Only the caller's own. */
export const holdingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Authenticated before the body is validated: an anonymous caller learns nothing about the body's rules (401 first).
  const signedIn = { preValidation: app.authenticate };
  app.post(
    '/primetrust-accounts-view',
    { ...signedIn, schema: { tags, summary: 'The USD balance (settled, held, available) and every other asset held', body: EmptyRequest, response: { 200: HoldingsReply, ...errorResponses } } },
    async (request) => getHoldings(db, requireUser(request).userGuid),
  );
};
