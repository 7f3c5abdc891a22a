import { BankAccountReply, type BankAccount, type PlaidBankAccountAddRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /plaid-bank-account-add: the bank link record (document 1, section 3) becomes a method. Idempotent on the server. */
export async function addBankAccount(api: ApiClient, body: PlaidBankAccountAddRequest): Promise<BankAccount> {
  return (await api.request('/plaid-bank-account-add', { body, schema: BankAccountReply })).account;
}
