import { BankLinkHandoffRedeemReply, BankLinkHandoffReply, BankLinkHandoffStatusReply } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /bank-link-handoff (decision 034): a single-use link that opens the bank link in the wallet's browser, or with
 * a method id that bank's re-authentication.
 */
export function createBankLinkHandoff(api: ApiClient, reauthMethodId?: string): Promise<BankLinkHandoffReply> {
  return api.request('/bank-link-handoff', {
    body: reauthMethodId ? { fundsTransferMethodId: reauthMethodId } : {},
    schema: BankLinkHandoffReply,
  });
}

/** POST /bank-link-handoff/status: waiting, opened, linked (with the account) or expired. */
export function bankLinkHandoffStatus(
  api: ApiClient,
  handoffId: string,
  signal?: AbortSignal,
): Promise<BankLinkHandoffStatusReply> {
  return api.request('/bank-link-handoff/status', {
    body: { handoffId },
    schema: BankLinkHandoffStatusReply,
    retry: true,
    ...(signal ? { signal } : {}),
  });
}

/** POST /bank-link-handoff/redeem, without a session: the link's token, once, for the bank-link calls' access token. */
export function redeemBankLinkHandoff(api: ApiClient, token: string): Promise<BankLinkHandoffRedeemReply> {
  return api.request('/bank-link-handoff/redeem', { body: { token }, schema: BankLinkHandoffRedeemReply });
}
