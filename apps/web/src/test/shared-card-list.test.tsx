import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api';
import i18n from '../lib/i18n';
import { CardChoice } from '../features/money/components/card-choice';
import { bankAccount, fakeServer, INSTITUTIONS, ok, renderMethods } from '../features/methods/test-utils';

const NO_ERRORS = { errors: [], fields: {} };
const card = (id: string, nickname: string, last4: string) => ({
  fundsTransferMethodId: id,
  nickname,
  fundsTransferMethod: 'credit_card',
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  expiry: '12/30',
  funding: 'debit',
  expired: false,
});
const TRAVEL = card('0b8f0f7e-2b39-4b8e-a0b6-0e6c7b3f5d21', 'Travel card', '4242');
const HOME = card('5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Home card', '1881');

beforeAll(async () => {
  await i18n.loadNamespaces(['methods', 'money']);
});

describe('the card list', () => {
  it('is one list: a card removed on /methods is gone from the deposit page open alongside', async () => {
    let cards = [TRAVEL, HOME];
    const fake = fakeServer({
      '/plaid-institutions': () => ok({ institutions: INSTITUTIONS }),
      '/bank-account-list': () => ok({ accounts: [bankAccount()] }),
      '/cc-method-list': () => ok({ success: true, errors: NO_ERRORS, methods: cards }),
      '/cc-method-remove': () => {
        cards = cards.filter((c) => c.fundsTransferMethodId !== TRAVEL.fundsTransferMethodId);
        return ok({ success: true, fundsTransferMethodId: TRAVEL.fundsTransferMethodId, errors: NO_ERRORS });
      },
    });
    const { user, queryClient } = renderMethods('/methods', fake);
    // The deposit page's card choice, in the same cache as /methods.
    render(
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={fake.api}>
          <MemoryRouter>
            <div data-testid="money-cards">
              <CardChoice value={null} onChange={() => {}} returnTo="/money/deposit" />
            </div>
          </MemoryRouter>
        </ApiProvider>
      </QueryClientProvider>,
    );
    const money = await screen.findByTestId('money-cards');
    await waitFor(() => expect(money).toHaveTextContent('Travel card'));

    await user.click(await screen.findByRole('button', { name: 'Remove Travel card ending in 4242' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Travel card ending in 4242 removed')).toBeInTheDocument();

    await waitFor(() => expect(money).not.toHaveTextContent('Travel card'));
    expect(money).toHaveTextContent('Home card');
    // One read of the list serves both pages: the first load, and the one after the removal.
    expect(fake.calls.filter((call) => call.path === '/cc-method-list')).toHaveLength(2);
  });
});
