import { SANDBOX_MESSAGES, assetNotSupported, type SandboxFundReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import { isAssetCode } from '../ledger';
import type { SandboxContext } from './context';
import { creditAccount } from './credit-account';

/**
 * `/primetrust-sandbox-asset-deposit` (R4, R14): credits a crypto or stablecoin asset to the caller's opened
 * account. The ticker is upper-cased (as the sandbox screen does); the assets are the ledger's own other than USD
 * (USD goes through fund account). Any other ticker: 400 'Asset {0} not supported!' (document 2, section 8).
 */
export async function depositAsset(
  ctx: SandboxContext,
  userGuid: string,
  input: { assetTicker?: string | null | undefined; amount?: unknown },
  idempotencyKey: string,
): Promise<SandboxFundReply> {
  const ticker = (input.assetTicker ?? '').trim().toUpperCase();
  if (ticker === '') throw AppError.validation({ assetTicker: SANDBOX_MESSAGES.assetRequired });
  if (!isAssetCode(ticker) || ticker === 'USD') throw AppError.validation({ assetTicker: assetNotSupported(ticker) });
  const credit = await creditAccount(ctx, userGuid, {
    asset: ticker,
    amount: input.amount,
    idempotencyKey,
    metadata: { kind: 'asset-deposit', method: 'sandbox' },
  });
  return { message: SANDBOX_MESSAGES.assetFunded, assetTicker: ticker, ...credit };
}
