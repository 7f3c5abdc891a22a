import { describe, expect, it } from 'vitest';
import {
  BANK_REAUTH_NOTICE,
  BankAccountListRequest,
  BankMethodRequest,
  bankNotSupportedMessage,
  PlaidBankAccountAddRequest,
  PlaidBankAccountReauthRequest,
} from './bank-link';

describe('bank link schemas', () => {
  const account = {
    id: 'acc-sandbox-1',
    mask: '0042',
    name: 'Citibank Checking',
    subtype: 'checking',
    type: 'depository',
  } as const;
  const record = {
    publicToken: 'public-sandbox-abc.def',
    accountId: 'acc-sandbox-1',
    account,
    institutionId: 'ins_citibank',
    institutionName: 'Citibank',
  };

  it('takes the bank link record of document 1 and refuses full account numbers and unknown keys', () => {
    expect(PlaidBankAccountAddRequest.safeParse(record).success).toBe(true);
    expect(
      PlaidBankAccountAddRequest.safeParse({ ...record, account: { ...account, mask: '123456789012' } }).success,
    ).toBe(false);
    expect(PlaidBankAccountAddRequest.safeParse({ ...record, accountNumber: '123456789012' }).success).toBe(false);
    expect(
      PlaidBankAccountAddRequest.safeParse({ ...record, account: { ...account, subtype: 'brokerage' } }).success,
    ).toBe(false);
  });

  it('names methods by uuid only; the list body is optional', () => {
    expect(BankMethodRequest.safeParse({ fundsTransferMethodId: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a' }).success).toBe(
      true,
    );
    expect(BankMethodRequest.safeParse({ fundsTransferMethodId: '1 OR 1=1' }).success).toBe(false);
    expect(
      PlaidBankAccountReauthRequest.safeParse({ fundsTransferMethodId: '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a' })
        .success,
    ).toBe(false);
    expect(BankAccountListRequest.safeParse(undefined).success).toBe(true);
    expect(BankAccountListRequest.safeParse({ relatedId: 'c-1' }).success).toBe(true);
  });

  it("has the re-auth notice with R10's spelling and names refused banks", () => {
    expect(BANK_REAUTH_NOTICE).toBe('Please wait a few seconds to reauthenticate your Plaid bank account');
    expect(bankNotSupportedMessage('Chime')).toBe('Chime is not supported. Please link a different bank.');
  });
});
