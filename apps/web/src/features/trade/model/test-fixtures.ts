import type { BankAccount } from '@rampart/contracts';
import type { PaymentMethodText } from './asset-options';

export { catalogue } from '../../../test/fixtures';

export function bankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    resourceId: 'res-1',
    relatedId: 'contact-1',
    bankName: 'First Platypus Bank',
    nickname: 'Everyday Checking',
    lastDigits: '1234',
    fundsTransferMethod: 'plaid',
    primetrustFundsTransferMethodId: '6f1c1f38-8f0e-4c47-9a43-0d1f3b0a8a11',
    primetrustFundsTransferMethod2Id: '6f1c1f38-8f0e-4c47-9a43-0d1f3b0a8a11',
    institutionId: 'ins_platypus',
    subtype: 'checking',
    requiresReauth: false,
    errors: null,
    ...overrides,
  };
}

/** English words as the page would pass them (i18n is the page's job). */
export const text: PaymentMethodText = {
  usdBalance: 'USD balance',
  usdBalanceDescription: '$250.00 available',
  bankMethod: (method, account) =>
    `${method === 'primex_ach' ? 'ACH' : 'Instant ACH'} · ${account.nickname} ••${account.lastDigits}`,
  method: (method) =>
    ({
      primex_ach: 'ACH',
      primex_instant_ach: 'Instant ACH',
      primex_card: 'Debit card',
      primex_fedwire: 'US wire',
      primex_swift_wire: 'International wire',
      primex_usd: 'USD balance',
    })[method],
};
