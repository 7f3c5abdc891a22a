import { describe, expect, it } from 'vitest';
import { DepositRequest, TRANSFER_MESSAGES, WithdrawRequest, transferAmountProblem } from './transfers';

function fieldsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('withdraw request: the rules and messages of document 2, section 5', () => {
  const us = {
    method: 'primex_fedwire',
    amount: '60',
    beneficiaryName: 'Ada Lovelace',
    accountNumber: '000123456789',
    routingNumber: '123456780',
  };
  const intl = {
    method: 'primex_swift_wire',
    amount: '60',
    beneficiaryName: 'Ada Lovelace',
    iban: 'DE89 3704 0044 0532 0130 00',
    swiftCode: 'DEUTDEFF',
  };

  it('accepts complete US and international wires and an ACH to a linked bank', () => {
    expect(WithdrawRequest.safeParse(us).success).toBe(true);
    expect(WithdrawRequest.safeParse({ ...us, routingNumber: undefined, achRoutingNumber: '011000015' }).success).toBe(
      true,
    );
    expect(WithdrawRequest.safeParse(intl).success).toBe(true);
    expect(WithdrawRequest.safeParse({ ...intl, iban: undefined, accountNumber: '12345678' }).success).toBe(true);
    expect(WithdrawRequest.safeParse({ method: 'primex_ach', amount: '1.5', fundsTransferMethodId: 'x' }).success).toBe(
      true,
    );
  });

  it.each([
    [{ ...us, amount: undefined }, { amount: 'Amount is required' }],
    [{ ...us, amount: '0' }, { amount: 'Amount must be greater than 0' }],
    [{ ...us, amount: '1.234' }, { amount: 'Amount can have at most 2 decimal places' }],
    [
      { ...us, routingNumber: '' },
      { routingNumber: 'Routing number is required', achRoutingNumber: 'ACH Routing Number is required' },
    ],
    [{ ...us, achRoutingNumber: '12345678' }, { achRoutingNumber: 'Value is not a valid ABA routing number' }],
    [{ ...us, routingNumber: '123456789' }, { routingNumber: 'Value is not a valid ABA routing number' }],
    [{ ...us, accountNumber: ' ' }, { accountNumber: 'Bank account number is required' }],
    [{ ...us, accountNumber: '12' }, { accountNumber: 'Value is not a valid account number' }],
    [{ ...us, beneficiaryName: undefined }, { beneficiaryName: 'Beneficiary name is required' }],
    [{ ...intl, iban: undefined }, { iban: 'IBAN is required' }],
    [{ ...intl, iban: 'DE89 3704 0044 0532 0130 01' }, { iban: 'Value is not a valid IBAN' }],
    [{ ...intl, swiftCode: '' }, { swiftCode: 'SWIFT code is required' }],
    [{ ...intl, swiftCode: 'DEUT' }, { swiftCode: 'Value is not a valid SWIFT code' }],
    [{ method: 'primex_ach', amount: '5' }, { fundsTransferMethodId: 'Select one payment method' }],
    [{ method: 'primex_card', amount: '5' }, { method: TRANSFER_MESSAGES.methodNotForWithdrawal }],
    [
      { method: 'primex_instant_ach', amount: '5', fundsTransferMethodId: 'x' },
      { method: TRANSFER_MESSAGES.methodNotForWithdrawal },
    ],
  ])('%j is refused with %j', (body, fields) => {
    expect(fieldsOf(WithdrawRequest.safeParse(body))).toEqual(fields);
  });

  it('has the spec texts word for word', () => {
    expect(TRANSFER_MESSAGES.achRoutingRequired).toBe('ACH Routing Number is required');
    expect(TRANSFER_MESSAGES.ibanRequired).toBe('IBAN is required');
    expect(TRANSFER_MESSAGES.accountNumberRequired).toBe('Bank account number is required');
    expect(TRANSFER_MESSAGES.routingRequired).toBe('Routing number is required');
    expect(transferAmountProblem('')).toBe('Amount is required');
  });
});

describe('deposit request', () => {
  it('takes ACH and instant ACH from a linked bank; wires are pushed, cards go through the card form', () => {
    expect(DepositRequest.safeParse({ method: 'primex_ach', amount: '10', fundsTransferMethodId: 'x' }).success).toBe(
      true,
    );
    expect(fieldsOf(DepositRequest.safeParse({ method: 'primex_fedwire', amount: '10' }))).toEqual({
      method: TRANSFER_MESSAGES.wireDepositPushed,
      fundsTransferMethodId: 'Select one payment method',
    });
    expect(
      fieldsOf(DepositRequest.safeParse({ method: 'primex_card', amount: '10', fundsTransferMethodId: 'x' })),
    ).toEqual({ method: TRANSFER_MESSAGES.methodNotForDeposit });
    expect(fieldsOf(DepositRequest.safeParse({ amount: '10', fundsTransferMethodId: 'x' }))).toEqual({
      method: TRANSFER_MESSAGES.methodRequired,
    });
  });
});
