import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BANK_REAUTH_FIELD, BANK_REAUTH_NOTICE } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import {
  bankAccount,
  fail,
  fakeServer,
  INSTITUTIONS,
  METHOD_ID,
  ok,
  OTHER_METHOD_ID,
  renderMethods,
  type Handler,
} from './test-utils';

const CARD_ID = '0b8f0f7e-2b39-4b8e-a0b6-0e6c7b3f5d21';
const card = {
  fundsTransferMethodId: CARD_ID,
  nickname: 'Travel card',
  fundsTransferMethod: 'credit_card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  expiry: '12/30',
  funding: 'debit',
  expired: false,
};
const NO_ERRORS = { errors: [], fields: {} };

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/plaid-institutions': () => ok({ institutions: INSTITUTIONS }),
    '/bank-account-list': () => ok({ accounts: [bankAccount()] }),
    '/cc-method-list': () => ok({ success: true, errors: NO_ERRORS, methods: [card] }),
    ...handlers,
  });
}

beforeAll(async () => {
  await i18n.loadNamespaces(['methods']);
});

describe('/methods', () => {
  it('lists the linked banks and the cards with their logo, name and last digits, and the add actions', async () => {
    const needsLogin = bankAccount({
      primetrustFundsTransferMethodId: OTHER_METHOD_ID,
      primetrustFundsTransferMethod2Id: OTHER_METHOD_ID,
      resourceId: OTHER_METHOD_ID,
      bankName: 'Gingham Credit Union',
      institutionId: 'ins_gingham',
      nickname: 'Plaid Saving',
      lastDigits: '1111',
      subtype: 'savings',
      requiresReauth: true,
      errors: { errors: [BANK_REAUTH_NOTICE], fields: { [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE } },
    });
    renderMethods('/methods', server({ '/bank-account-list': () => ok({ accounts: [bankAccount(), needsLogin] }) }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment methods' })).toBeInTheDocument();
    const banks = within(screen.getByRole('region', { name: 'Bank accounts' }));
    const rows = await banks.findAllByTestId('bank-method');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('First Platypus Bank');
    expect(first).toHaveTextContent('Plaid Checking ••••ending in 0000');
    await waitFor(() => expect(within(first).getByTestId('bank-logo')).toHaveTextContent('FP'));
    expect(within(first).queryByRole('link', { name: /Re-authenticate/ })).not.toBeInTheDocument();

    // The method whose login expired says so and offers Re-authenticate, leading to the re-auth screen.
    expect(second).toHaveTextContent('Login required.');
    expect(
      within(second).getByRole('link', { name: 'Re-authenticate Gingham Credit Union Plaid Saving ending in 1111' }),
    ).toHaveAttribute('href', `/methods/bank?reauth=${OTHER_METHOD_ID}`);

    const cards = within(screen.getByRole('region', { name: 'Cards' }));
    const cardRow = await cards.findByTestId('card-method');
    expect(cardRow).toHaveTextContent('Travel card');
    expect(cardRow).toHaveTextContent('Visa ••••ending in 4242 · Expires 12/30');
    expect(cardRow).not.toHaveTextContent('Expired.');

    expect(screen.getByRole('link', { name: 'Link a bank' })).toHaveAttribute('href', '/methods/bank');
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/methods/card');
    expect(screen.queryByTestId('methods-empty')).not.toBeInTheDocument();
  });

  it('says what to do first when there is no method', async () => {
    renderMethods(
      '/methods',
      server({
        '/bank-account-list': () => ok({ accounts: [] }),
        '/cc-method-list': () => ok({ success: true, errors: NO_ERRORS, methods: [] }),
      }),
    );
    const empty = await screen.findByTestId('methods-empty');
    expect(within(empty).getByRole('heading', { name: 'No payment methods yet' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('Link a bank account first');
    expect(screen.getByRole('link', { name: 'Link a bank' })).toHaveAttribute('href', '/methods/bank');
    expect(screen.queryByRole('region', { name: 'Bank accounts' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while the lists load', async () => {
    renderMethods('/methods', server({ '/bank-account-list': () => new Promise(() => {}) }));
    const [banks] = await screen.findAllByTestId('methods-skeleton');
    expect(banks).toHaveAttribute('aria-busy', 'true');
    expect(banks).toHaveTextContent('Loading your bank accounts…');
  });

  it('removes a bank only after the confirmation, then lists what is left', async () => {
    let accounts = [bankAccount()];
    const fake = server({
      '/bank-account-list': () => ok({ accounts }),
      '/bank-account-remove': () => {
        accounts = [];
        return ok({ success: true, fundsTransferMethodId: METHOD_ID });
      },
    });
    const { user } = renderMethods('/methods', fake);
    const remove = await screen.findByRole('button', {
      name: 'Remove First Platypus Bank Plaid Checking ending in 0000',
    });

    // Keep it: nothing is sent.
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this bank account?' });
    expect(dialog).toHaveTextContent('First Platypus Bank Plaid Checking ending in 0000 will no longer be available');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.bodiesOf('/bank-account-remove')).toEqual([]);

    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('First Platypus Bank Plaid Checking ending in 0000 removed')).toBeInTheDocument();
    expect(fake.bodiesOf('/bank-account-remove')).toEqual([{ fundsTransferMethodId: METHOD_ID }]);
    await waitFor(() => expect(screen.queryByTestId('bank-method')).not.toBeInTheDocument());
    expect(screen.getByText('No bank account linked yet.')).toBeInTheDocument();
  });

  it('removes a card through /cc-method-remove', async () => {
    const fake = server({
      '/cc-method-remove': () => ok({ success: true, fundsTransferMethodId: CARD_ID, errors: NO_ERRORS }),
    });
    const { user } = renderMethods('/methods', fake);
    await user.click(await screen.findByRole('button', { name: 'Remove Travel card ending in 4242' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Travel card ending in 4242 removed')).toBeInTheDocument();
    expect(fake.bodiesOf('/cc-method-remove')).toEqual([{ fundsTransferMethodId: CARD_ID }]);
  });

  it('shows the errors.errors of a card removal reply as an error', async () => {
    const fake = server({
      '/cc-method-remove': () =>
        ok({
          success: true,
          fundsTransferMethodId: CARD_ID,
          errors: { errors: ['The card is in use by a pending deposit'], fields: {} },
        }),
    });
    const { user } = renderMethods('/methods', fake);
    await user.click(await screen.findByRole('button', { name: 'Remove Travel card ending in 4242' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card is in use by a pending deposit');
    expect(screen.queryByText('Travel card ending in 4242 removed')).not.toBeInTheDocument();
  });

  it('marks an expired card', async () => {
    renderMethods(
      '/methods',
      server({
        '/cc-method-list': () =>
          ok({
            success: true,
            errors: { errors: [], fields: { [CARD_ID]: 'This card has expired. Please add a new card.' } },
            methods: [{ ...card, expired: true }],
          }),
      }),
    );
    expect(await screen.findByTestId('card-method')).toHaveTextContent('Expired. This card can no longer be used.');
  });

  it('shows the errors of a refused removal and keeps the method', async () => {
    const fake = server({ '/bank-account-remove': () => fail(404, 'bank_method_unknown', 'Unknown bank method') });
    const { user } = renderMethods('/methods', fake);
    await user.click(await screen.findByRole('button', { name: /^Remove First Platypus Bank/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown bank method');
    expect(screen.getByTestId('bank-method')).toBeInTheDocument();
  });

  it('says when a list cannot be read, and tries again on request', async () => {
    let attempts = 0;
    const fake = server({
      '/bank-account-list': () => {
        attempts += 1;
        return attempts === 1
          ? fail(400, 'bad_request', 'The bank list is unavailable')
          : ok({ accounts: [bankAccount()] });
      },
    });
    const { user } = renderMethods('/methods', fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load your bank accounts: The bank list is unavailable");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bank-method')).toHaveTextContent('First Platypus Bank');
  });
});
