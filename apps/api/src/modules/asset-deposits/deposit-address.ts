import { randomUUID } from 'node:crypto';
import {
  ASSET_DEPOSIT_MESSAGES,
  RAMP_QUOTE_MESSAGES,
  type AssetDepositAddress,
  type AssetDepositAddressReply,
  type AssetDepositAddressRequest,
  type FeatureFlags,
  type RampAssetEntry,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { isAssetCode, type AssetCode } from '../ledger';
import { tradeAsset } from '../ramp';
import { requireOpenedAccount } from '../transfers';
import type { AssetDepositsContext } from './context';
import { findAddressOfUser, insertAddress, type AddressRow } from './repository';

/** An address taken by another user's (same memo by chance) is drawn again; this many draws is far beyond need. */
const MAX_DRAWS = 5;

export interface DepositableAsset {
  entry: RampAssetEntry;
  asset: AssetCode;
}

/**
 * What may be deposited (docs/decisions/069-asset-deposit-addresses.md): nothing with the "assets addition" flag off
 * (400 under `assetTicker`, as other switched-off flags answer); otherwise an asset of the catalogue the user could
 * choose on the trade pages (on a chain that is switched on, not disabled) and that the ledger holds.
 */
export function depositableAsset(flags: FeatureFlags, network: string, assetTicker: string): DepositableAsset {
  if (!flags.assetsAddition) throw AppError.validation({ assetTicker: ASSET_DEPOSIT_MESSAGES.switchedOff });
  const ticker = assetTicker.trim().toUpperCase();
  const entry = tradeAsset(flags, network.trim(), ticker);
  if (!entry || entry.hidden || entry.disabled || entry.section === 'fiat' || !isAssetCode(ticker)) {
    throw AppError.validation({ assetTicker: ASSET_DEPOSIT_MESSAGES.assetNotOffered });
  }
  return { entry, asset: ticker };
}

export function addressView(row: AddressRow, entry: RampAssetEntry): AssetDepositAddress {
  return {
    assetTicker: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo === '' ? null : row.memo,
    minimumDeposit: entry.minimumDeposit ?? '0',
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The user's address for the asset on its network, made on the first ask and the same on every later one. The chain
 * gateway draws it as it draws a sell order's (decision 024): the platform's address and a memo of the user's own on
 * the memo networks, an address of the user's own elsewhere. Call inside a transaction that holds the account's lock.
 */
export async function ensureDepositAddress(
  tx: Queryable,
  ctx: Pick<AssetDepositsContext, 'clock' | 'gateway'>,
  userGuid: string,
  network: string,
  asset: AssetCode,
): Promise<AddressRow> {
  if (!ctx.gateway.takesDeposits(network))
    throw AppError.validation({ network: RAMP_QUOTE_MESSAGES.depositsUnavailable });
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const existing = await findAddressOfUser(tx, userGuid, network, asset);
    if (existing) return existing;
    const id = randomUUID();
    const target = await ctx.gateway.depositTarget({ network, reference: `asset-deposit:${id}` }, tx);
    const inserted = await insertAddress(tx, {
      id,
      user_id: userGuid,
      network,
      asset,
      address: target.address,
      memo: target.memo ?? '',
      created_at: ctx.clock.now(),
    });
    if (inserted) return inserted;
  }
  throw new Error(`no free deposit address on ${network} after ${MAX_DRAWS} draws`);
}

/** `POST /api/holdings/deposit-address`: the caller's deposit address (and memo) for one asset; opened accounts only. */
export async function getDepositAddress(
  ctx: AssetDepositsContext,
  userGuid: string,
  body: AssetDepositAddressRequest,
): Promise<AssetDepositAddressReply> {
  const { entry, asset } = depositableAsset(ctx.flags, body.network, body.assetTicker);
  return ctx.db.transaction(async (tx) => {
    // The account row's lock also makes two first asks of the same user wait for each other.
    await requireOpenedAccount(tx, userGuid);
    const row = await ensureDepositAddress(tx, ctx, userGuid, entry.network, asset);
    return { deposit: addressView(row, entry) };
  });
}
