import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, useApi } from '../lib/api';
import i18n from '../lib/i18n';
import { BankChoice } from '../features/money/components/bank-choice';
import { bankAccountsQueryOptions } from '../features/trade/api/payment-sources';
import {
  bankAccount,
  fakeServer,
  INSTITUTIONS,
  METHOD_ID,
  ok,
  OTHER_METHOD_ID,
  renderMethods,
} from '../features/methods/test-utils';

const FIRST = 'First Platypus Bank';
const SECOND = 'Gingham Credit Union';

/** The banks a buy can be paid from, as the trade pages read them. */
function TradeBanks() {
  const banks = useQuery(bankAccountsQueryOptions(useApi()));
  return (
    <ul data-testid="trade-banks">
      {banks.data?.map((bank) => (
        <li key={bank.primetrustFundsTransferMethodId}>{bank.bankName}</li>
      ))}
    </ul>
  );
}

beforeAll(async () => {
  await i18n.loadNamespaces(['methods', 'money']);
});

describe('the linked bank list', () => {
  it('is one list: a bank removed on /methods is gone from the money and trade pages open alongside', async () => {
    let accounts = [
      bankAccount(),
      bankAccount({
        primetrustFundsTransferMethodId: OTHER_METHOD_ID,
        primetrustFundsTransferMethod2Id: OTHER_METHOD_ID,
        resourceId: OTHER_METHOD_ID,
        bankName: SECOND,
        institutionId: 'ins_gingham',
        lastDigits: '1111',
      }),
    ];
    const fake = fakeServer({
      '/plaid-institutions': () => ok({ institutions: INSTITUTIONS }),
      '/cc-method-list': () => ok({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
      '/bank-account-list': () => ok({ accounts }),
      '/bank-account-remove': () => {
        accounts = accounts.filter((account) => account.primetrustFundsTransferMethodId !== METHOD_ID);
        return ok({ success: true, fundsTransferMethodId: METHOD_ID });
      },
    });
    const { user, queryClient } = renderMethods('/methods', fake);
    // The money and trade readers, in the same cache as /methods.
    render(
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={fake.api}>
          <MemoryRouter>
            <div data-testid="money-banks">
              <BankChoice label="From" value={null} onChange={() => {}} returnTo="/money/deposit" />
            </div>
            <TradeBanks />
          </MemoryRouter>
        </ApiProvider>
      </QueryClientProvider>,
    );
    const money = await screen.findByTestId('money-banks');
    const trade = screen.getByTestId('trade-banks');
    await waitFor(() => expect(money).toHaveTextContent(FIRST));
    await waitFor(() => expect(trade).toHaveTextContent(FIRST));

    await user.click(await screen.findByRole('button', { name: /^Remove First Platypus Bank/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/removed$/)).toBeInTheDocument();

    await waitFor(() => expect(money).not.toHaveTextContent(FIRST));
    expect(money).toHaveTextContent(SECOND);
    expect(trade).not.toHaveTextContent(FIRST);
    expect(trade).toHaveTextContent(SECOND);
    // One read of the list serves every page: the first load, and the one after the removal.
    expect(fake.calls.filter((call) => call.path === '/bank-account-list')).toHaveLength(2);
  });
});
