import { z } from 'zod';

/**
 * Assets added to the holdings by an on-chain deposit: the "assets addition" feature flag (decision 061; what it
 * offers and how a deposit is credited: docs/decisions/069-asset-deposit-addresses.md). Routes (POST under /api):
 *
 * | path                                       | who                               | body                          | reply                    |
 * |--------------------------------------------|-----------------------------------|-------------------------------|--------------------------|
 * | /holdings/deposit-address                  | signed in, opened                 | AssetDepositAddressRequest    | AssetDepositAddressReply |
 * | /primetrust-sandbox-receive-asset-deposit  | signed in, opened; sandbox mode   | SandboxAssetDepositArrival    | SandboxAssetDepositReply |
 *
 * With the flag off both answer 400 under `assetTicker` with `switchedOff`, as other switched-off flags do.
 * The address is the user's own for that asset on that network: asked again, the same address (and memo) comes back.
 */
export const ASSET_DEPOSIT_MESSAGES = {
  switchedOff: 'Adding assets by deposit is not available at the moment',
  assetRequired: 'Choose the asset to add',
  networkRequired: 'Choose the network to deposit on',
  assetNotOffered: 'This asset cannot be deposited at the moment',
  depositConflict: 'This transaction was already received with other details',
} as const;

/** 'The minimum deposit is 10 USDS' (R14: a smaller deposit is not taken). */
export function belowMinimumDepositMessage(minimum: string, ticker: string): string {
  return `The minimum deposit is ${minimum} ${ticker}`;
}

const Text = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });

export const AssetDepositAddressRequest = z
  .object({
    assetTicker: Text(ASSET_DEPOSIT_MESSAGES.assetRequired),
    network: Text(ASSET_DEPOSIT_MESSAGES.networkRequired),
  })
  .strict()
  .meta({ id: 'AssetDepositAddressRequest' });
export type AssetDepositAddressRequest = z.infer<typeof AssetDepositAddressRequest>;

export const AssetDepositAddress = z
  .object({
    assetTicker: z.string(),
    network: z.string(),
    address: z.string(),
    /** The memo or destination tag to send with the deposit; null on networks where the address alone is the user's. */
    memo: z.string().nullable(),
    /** R14: the smallest deposit taken, a decimal string in the asset's units. */
    minimumDeposit: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AssetDepositAddress' });
export type AssetDepositAddress = z.infer<typeof AssetDepositAddress>;

export const AssetDepositAddressReply = z
  .object({ deposit: AssetDepositAddress })
  .meta({ id: 'AssetDepositAddressReply' });
export type AssetDepositAddressReply = z.infer<typeof AssetDepositAddressReply>;

/**
 * Sandbox: the chain reports a deposit to the caller's address for the asset. `txHash` is the chain's transaction id;
 * left out, it is made from the call's Idempotency-Key (or is new). The same transaction credits the holdings once.
 */
export const SandboxAssetDepositArrival = z
  .object({
    assetTicker: Text(ASSET_DEPOSIT_MESSAGES.assetRequired),
    network: Text(ASSET_DEPOSIT_MESSAGES.networkRequired),
    /** A decimal string in the asset's units, at least its minimum deposit. */
    amount: z.unknown(),
    txHash: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .meta({ id: 'SandboxAssetDepositArrival' });
export type SandboxAssetDepositArrival = z.infer<typeof SandboxAssetDepositArrival>;

export const AssetDeposit = z
  .object({
    depositId: z.string(),
    assetTicker: z.string(),
    network: z.string(),
    amount: z.string(),
    address: z.string(),
    memo: z.string().nullable(),
    txHash: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AssetDeposit' });
export type AssetDeposit = z.infer<typeof AssetDeposit>;

export const SandboxAssetDepositReply = z
  .object({
    deposit: AssetDeposit,
    /** True when this transaction had already been received: nothing was credited again. */
    replayed: z.boolean(),
  })
  .meta({ id: 'SandboxAssetDepositReply' });
export type SandboxAssetDepositReply = z.infer<typeof SandboxAssetDepositReply>;
