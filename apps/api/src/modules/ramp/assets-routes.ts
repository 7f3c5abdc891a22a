import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmptyRequest,
  FeatureInterestListReply,
  FeatureInterestReply,
  FeatureInterestRequest,
  RampAssetsReply,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { listAssets } from './list-assets';
import { listInterests, recordInterest, type InterestContext } from './record-interest';

const tags = ['ramp'];

/** The ramp's assets and "notify me" (decision 022). */
export const rampAssetRoutes: FastifyPluginAsyncZod<{ ctx: InterestContext }> = async (app, { ctx }) => {
  // The flags are fixed for the process's life: the catalogue is built once.
  const assets = listAssets(ctx.flags);
  const signedIn = { preValidation: app.authenticate };

  // Public: the catalogue is the same for everyone, and the tracking page (anonymous) names assets too. A bearer,
  // when the SPA sends one, is simply not needed (document 2, section 7).
  app.post(
    '/ramp/assets',
    {
      schema: {
        tags,
        summary:
          'The networks and assets (stablecoins in display order, crypto, USD payment methods) with what the flags enable',
        body: EmptyRequest,
        response: { 200: RampAssetsReply, ...errorResponses },
      },
    },
    async () => assets,
  );
  app.post(
    '/feature-interest',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Record the caller's interest in a disabled method or asset ('notify me'); asking again changes nothing",
        body: FeatureInterestRequest,
        response: { 200: FeatureInterestReply, ...errorResponses },
      },
    },
    async (request) => recordInterest(ctx, requireUser(request).userGuid, request.body),
  );
  app.post(
    '/feature-interest-list',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's recorded interests",
        body: EmptyRequest,
        response: { 200: FeatureInterestListReply, ...errorResponses },
      },
    },
    async (request) => listInterests(ctx, requireUser(request).userGuid),
  );
};
