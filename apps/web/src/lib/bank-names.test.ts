import { describe, expect, it } from 'vitest';
import { bankAccountName, nicknameWithoutBank } from './bank-names';

describe('bank names', () => {
  it('says the bank once', () => {
    expect(nicknameWithoutBank({ bankName: 'Wells Fargo', nickname: 'Wells Fargo Checking' })).toBe('Checking');
    expect(nicknameWithoutBank({ bankName: 'wells fargo', nickname: 'Wells Fargo - Savings' })).toBe('Savings');
    expect(nicknameWithoutBank({ bankName: 'Wells Fargo', nickname: 'Wells Fargo' })).toBe('');
    expect(nicknameWithoutBank({ bankName: 'Chase', nickname: 'Everyday Checking' })).toBe('Everyday Checking');
    expect(bankAccountName({ bankName: 'Wells Fargo', nickname: 'Wells Fargo Checking' })).toBe('Wells Fargo Checking');
    expect(bankAccountName({ bankName: 'Chase', nickname: 'Everyday Checking' })).toBe('Chase Everyday Checking');
    expect(bankAccountName({ bankName: 'Chase', nickname: 'Chase' })).toBe('Chase');
  });
});
