import {
  assetInterestTypeOf,
  assetNotSupported,
  findRampAsset,
  type FeatureFlags,
  type FeatureInterestListReply,
  type FeatureInterestReply,
  type FeatureInterestRequest,
} from '@rampart/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { insertFeatureInterest, listFeatureInterests } from './interests-repository';

export interface InterestContext {
  db: Db;
  clock: Clock;
  flags: FeatureFlags;
}

/**
 * `/feature-interest` ("notify me", R15): the caller wants to hear when a method or an asset becomes available.
 * Idempotent by nature: one row per user, type and subject. An asset must be one the catalogue shows (a hidden or
 * unknown one answers 400 with document 2's 'Asset {0} not supported!'); an asset already available is recorded
 * all the same, since the flags may change between the page's load and the click. The type must be the asset's
 * kind: 'stablecoin' for a stablecoin, 'crypto' for a crypto asset.
 */
export async function recordInterest(
  ctx: InterestContext,
  userId: string,
  body: FeatureInterestRequest,
): Promise<FeatureInterestReply> {
  if (!('network' in body)) {
    return insertFeatureInterest(
      ctx.db,
      userId,
      { type: body.type, network: null, assetTicker: null },
      ctx.clock.now(),
    );
  }
  const asset = findRampAsset(ctx.flags, body.network, body.assetTicker);
  if (!asset || asset.hidden || asset.section === 'fiat')
    throw AppError.validation({ assetTicker: assetNotSupported(body.assetTicker) });
  // A stablecoin is asked for as 'stablecoin', a crypto asset as 'crypto' (decision 064): the other type names
  // an asset that is not of its kind.
  if (assetInterestTypeOf(asset.section) !== body.type)
    throw AppError.validation({ type: assetNotSupported(body.assetTicker) });
  return insertFeatureInterest(
    ctx.db,
    userId,
    { type: body.type, network: asset.network, assetTicker: asset.assetTicker },
    ctx.clock.now(),
  );
}

/** `/feature-interest-list`: what the caller asked to hear about, so the SPA shows it as asked. */
export async function listInterests(ctx: InterestContext, userId: string): Promise<FeatureInterestListReply> {
  return { interests: await listFeatureInterests(ctx.db, userId) };
}
