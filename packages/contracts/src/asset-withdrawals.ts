import { z } from 'zod';
import { OneTimeCode } from './identity';
import { OrderChallengeReply } from './ramp-orders';
import { TRANSFER_MESSAGES } from './transfers';

/**
 * Withdrawals of held assets to an external address (R14; docs/decisions/032-asset-withdrawals.md).
 * Routes (POST under /api):
 *
 * | path                          | who                     | body                        | reply                        |
 * |-------------------------------|-------------------------|-----------------------------|------------------------------|
 * | /holdings/withdraw-challenge  | signed in, opened       | -                           | AssetWithdrawalChallengeReply|
 * | /holdings/withdraw            | signed in, opened       | AssetWithdrawalRequest      | AssetWithdrawalReply         |
 * | /holdings/confirm-withdrawal  | signed in (own)         | ConfirmAssetWithdrawalRequest | AssetWithdrawalReply       |
 * | /holdings/withdrawals         | signed in (own)         | -                           | AssetWithdrawalListReply     |
 *
 * The `Idempotency-Key` header makes a withdrawal request safe to retry (R16). Cold storage: a withdrawal is sent by
 * the end of the next banking day at the latest (document 2: "Cold-storage crypto withdrawals may take up to 1
 * business day"); `expectedBy` says when. Decision 054: the request carries the user's second-factor code (the
 * challenge sends it when it is emailed or texted) and then waits for the link its email carries (24 hours).
 */

export const ASSET_WITHDRAWAL_STATUSES = [
  'awaiting_confirmation',
  'pending',
  'sending',
  'completed',
  'failed',
  'cancelled',
] as const;
export type AssetWithdrawalStatus = (typeof ASSET_WITHDRAWAL_STATUSES)[number];

export const ASSET_WITHDRAWAL_MESSAGES = {
  assetRequired: 'Choose the asset to withdraw',
  networkRequired: 'Choose the network to withdraw on',
  addressRequired: 'Enter the address to send to',
  insufficientHoldings: 'You do not hold that much of this asset',
  notConfirmedInTime: 'Not confirmed within 24 hours',
} as const;

const Text = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });

export const AssetWithdrawalRequest = z
  .object({
    assetTicker: Text(ASSET_WITHDRAWAL_MESSAGES.assetRequired),
    network: Text(ASSET_WITHDRAWAL_MESSAGES.networkRequired),
    /** A decimal string in the asset's units, at most its decimals. */
    amount: z.unknown(),
    address: Text(ASSET_WITHDRAWAL_MESSAGES.addressRequired),
    memo: z.string().max(200).nullish(),
    /** The second-factor code (decision 054): the authenticator's, or the one `/holdings/withdraw-challenge` sent. */
    code: OneTimeCode,
  })
  .strict()
  .meta({ id: 'AssetWithdrawalRequest' });

/** `/api/holdings/withdraw-challenge`: which factor to enter; where the code went when one was sent. */
export const AssetWithdrawalChallengeReply = OrderChallengeReply;
export type AssetWithdrawalChallengeReply = z.infer<typeof AssetWithdrawalChallengeReply>;

/**
 * `/api/holdings/confirm-withdrawal`: the token of the email's link (single use, 24 hours); the refusals are the USD
 * withdrawal's (`withdrawal_confirmation_invalid`, `withdrawal_confirmation_expired`).
 */
export const ConfirmAssetWithdrawalRequest = z
  .object({
    token: z
      .string({ error: TRANSFER_MESSAGES.confirmationInvalid })
      .trim()
      .min(1, { error: TRANSFER_MESSAGES.confirmationInvalid })
      .max(200),
  })
  .strict()
  .meta({ id: 'ConfirmAssetWithdrawalRequest' });
export type ConfirmAssetWithdrawalRequest = z.infer<typeof ConfirmAssetWithdrawalRequest>;
export type AssetWithdrawalRequest = z.infer<typeof AssetWithdrawalRequest>;

export const AssetWithdrawal = z
  .object({
    withdrawalId: z.string(),
    assetTicker: z.string(),
    network: z.string(),
    amount: z.string(),
    address: z.string(),
    memo: z.string().nullable(),
    status: z.enum(ASSET_WITHDRAWAL_STATUSES),
    txHash: z.string().nullable(),
    reason: z.string().nullable(),
    /** The end of the next banking day after the request: the latest it is sent by. */
    expectedBy: z.string(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'AssetWithdrawal' });
export type AssetWithdrawal = z.infer<typeof AssetWithdrawal>;

export const AssetWithdrawalReply = z
  .object({ withdrawal: AssetWithdrawal, replayed: z.boolean() })
  .meta({ id: 'AssetWithdrawalReply' });
export type AssetWithdrawalReply = z.infer<typeof AssetWithdrawalReply>;

export const AssetWithdrawalListReply = z
  .object({ withdrawals: z.array(AssetWithdrawal) })
  .meta({ id: 'AssetWithdrawalListReply' });
export type AssetWithdrawalListReply = z.infer<typeof AssetWithdrawalListReply>;
