import { BankAccountReply, type BankAccount, type PlaidBankAccountReauthRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /plaid-bank-account-reauth { fundsTransferMethodId, publicToken }: the re-auth link's token clears login required. */
export async function reauthBankAccount(api: ApiClient, body: PlaidBankAccountReauthRequest): Promise<BankAccount> {
  return (await api.request('/plaid-bank-account-reauth', { body, schema: BankAccountReply })).account;
}
