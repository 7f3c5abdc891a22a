import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, useApi } from '../lib/api';
import i18n from '../lib/i18n';
import { holdingsQueryOptions } from '../features/trade/api/payment-sources';
import { DepositPage } from '../features/money/deposit-page';
import { bank, fakeServer, HOLDINGS, renderPage, transfer } from './page-kit';

/** The USD balance under the trade pages' "USD balance" option, as they read it. */
function TradeBalance() {
  const holdings = useQuery(holdingsQueryOptions(useApi()));
  return <output data-testid="trade-balance">{holdings.data?.available ?? ''}</output>;
}

beforeAll(async () => {
  await i18n.loadNamespaces(['money', 'rules']);
});

describe('the holdings', () => {
  it('are one read: a deposit made on the money pages refreshes the balance the trade pages show', async () => {
    let available = '150.00';
    const fake = fakeServer({
      '/bank-account-list': () => ({ accounts: [bank()] }),
      '/cc-method-list': () => ({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
      '/primetrust-accounts-view': () => ({ ...HOLDINGS, available }),
      '/transfers/deposit': () => {
        available = '250.00';
        return { transfer: transfer(), replayed: false };
      },
    });
    const { user, queryClient } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    render(
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={fake.api}>
          <TradeBalance />
        </ApiProvider>
      </QueryClientProvider>,
    );
    const trade = screen.getByTestId('trade-balance');
    await waitFor(() => expect(trade).toHaveTextContent('150.00'));

    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/money'));

    await waitFor(() => expect(trade).toHaveTextContent('250.00'));
  });
});
