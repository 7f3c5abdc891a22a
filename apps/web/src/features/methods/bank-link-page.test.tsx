import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { bankAccount, fail, fakeServer, INSTITUTIONS, METHOD_ID, ok, renderMethods, type Handler } from './test-utils';

const GINGHAM_ACCOUNTS = [
  { id: 'acc-checking', mask: '4321', name: 'Plaid Checking', subtype: 'checking', type: 'depository' },
  { id: 'acc-savings', mask: '8765', name: 'Plaid Saving', subtype: 'savings', type: 'depository' },
];

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/plaid-institutions': () => ok({ institutions: INSTITUTIONS }),
    '/bank-account-list': () => ok({ accounts: [bankAccount()] }),
    '/cc-method-list': () => ok({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
    '/plaid-ui-token': () => ok({ linkToken: 'link-sandbox-abc', expiration: '2030-01-01T00:00:00.000Z' }),
    '/plaid-sandbox-link': () =>
      ok({
        publicToken: 'public-sandbox-xyz',
        institutionId: 'ins_gingham',
        institutionName: 'Gingham Credit Union',
        accounts: GINGHAM_ACCOUNTS,
      }),
    '/plaid-bank-account-add': () =>
      ok({
        account: bankAccount({
          bankName: 'Gingham Credit Union',
          institutionId: 'ins_gingham',
          nickname: 'Plaid Saving',
          lastDigits: '8765',
          subtype: 'savings',
        }),
      }),
    ...handlers,
  });
}

beforeAll(async () => {
  await i18n.loadNamespaces(['methods']);
});

describe('/methods/bank: linking a bank', () => {
  it('searches the banks, links the chosen account with the bank link record, and returns to the list', async () => {
    const fake = server();
    const { user } = renderMethods('/methods/bank', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link a bank' })).toBeInTheDocument();
    const list = await screen.findByRole('listbox', { name: 'Banks' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);

    await user.type(screen.getByRole('searchbox', { name: 'Search banks' }), 'ging');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await user.click(within(list).getByRole('option', { name: /Gingham Credit Union/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose an account' })).toBeInTheDocument();
    expect(fake.bodiesOf('/plaid-ui-token')).toEqual([{}]);
    expect(fake.bodiesOf('/plaid-sandbox-link')).toEqual([
      { linkToken: 'link-sandbox-abc', institutionId: 'ins_gingham' },
    ]);
    const accounts = screen.getByRole('radiogroup', { name: 'Account to link' });
    expect(within(accounts).getByRole('radio', { name: /Plaid Checking/ })).toBeChecked();
    await user.click(within(accounts).getByRole('radio', { name: /Plaid Saving/ }));
    await user.click(screen.getByRole('button', { name: 'Link account' }));

    expect(await screen.findByText('Gingham Credit Union linked')).toBeInTheDocument();
    expect(fake.bodiesOf('/plaid-bank-account-add')).toEqual([
      {
        publicToken: 'public-sandbox-xyz',
        accountId: 'acc-savings',
        account: GINGHAM_ACCOUNTS[1],
        institutionId: 'ins_gingham',
        institutionName: 'Gingham Credit Union',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
  });

  it('works from the keyboard alone: type, Tab into the list, Enter', async () => {
    const fake = server();
    const { user } = renderMethods('/methods/bank', fake);
    await screen.findByRole('listbox', { name: 'Banks' });
    await user.click(screen.getByRole('searchbox', { name: 'Search banks' }));
    await user.keyboard('gingham');
    // Tab goes from the field into the list; Enter picks the bank.
    await user.tab();
    expect(screen.getByRole('option', { name: /Gingham/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose an account' })).toBeInTheDocument();
    expect(fake.bodiesOf('/plaid-sandbox-link')).toEqual([
      { linkToken: 'link-sandbox-abc', institutionId: 'ins_gingham' },
    ]);
  });

  it('keeps focus where the user is: on the account step, back on the banks, then on the list once linked', async () => {
    const { user } = renderMethods('/methods/bank', server());
    await screen.findByRole('listbox', { name: 'Banks' });
    await user.click(screen.getByRole('searchbox', { name: 'Search banks' }));
    await user.keyboard('gingham');
    await user.tab();
    await user.keyboard('{Enter}');
    const accountHeading = await screen.findByRole('heading', { level: 1, name: 'Choose an account' });
    await waitFor(() => expect(accountHeading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Choose another bank' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Link a bank' })).toHaveFocus());

    await user.click(screen.getByRole('option', { name: /Gingham/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Choose an account' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    const listHeading = await screen.findByRole('heading', { level: 1, name: 'Payment methods' });
    await waitFor(() => expect(listHeading).toHaveFocus());
  });

  it('goes back to a safe redirect query once linked, and to the list instead of another site', async () => {
    const first = renderMethods(`/methods/bank?redirect=${encodeURIComponent('/trade/method?side=buy')}`, server());
    await first.user.click(await screen.findByRole('option', { name: /Gingham/ }));
    await first.user.click(await screen.findByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/method?side=buy'));
    first.unmount();

    const second = renderMethods(`/methods/bank?redirect=${encodeURIComponent('//evil.example/x')}`, server());
    await second.user.click(await screen.findByRole('option', { name: /Gingham/ }));
    await second.user.click(await screen.findByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
  });

  it('refuses a blacklisted bank with a clear message and asks the server nothing', async () => {
    const fake = server();
    const { user } = renderMethods('/methods/bank', fake);
    const chime = await screen.findByRole('option', { name: /Chime/ });
    expect(chime).toHaveTextContent('Not supported');
    await user.click(chime);
    expect(await screen.findByRole('alert')).toHaveTextContent('Chime is not supported. Please link a different bank.');
    expect(fake.bodiesOf('/plaid-ui-token')).toEqual([]);
    expect(fake.bodiesOf('/plaid-sandbox-link')).toEqual([]);
    // Another bank can still be chosen.
    await user.click(screen.getByRole('option', { name: /Gingham/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose an account' })).toBeInTheDocument();
  });

  it('shows the refusal when the server says the bank is not supported', async () => {
    const fake = server({
      '/plaid-sandbox-link': () =>
        fail(400, 'bank_not_supported', 'Gingham Credit Union is not supported. Please link a different bank.'),
    });
    const { user } = renderMethods('/methods/bank', fake);
    await user.click(await screen.findByRole('option', { name: /Gingham/ }));
    expect(await screen.findByTestId('bank-refused')).toHaveTextContent(
      'Gingham Credit Union is not supported. Please link a different bank.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Link a bank' })).toBeInTheDocument();
  });

  it('puts a failed link in the snackbar and stays on the account step', async () => {
    const fake = server({
      '/plaid-bank-account-add': () =>
        fail(400, 'bank_link_expired', 'This bank link has expired. Please link your bank again.'),
    });
    const { user } = renderMethods('/methods/bank', fake);
    await user.click(await screen.findByRole('option', { name: /Gingham/ }));
    await user.click(await screen.findByRole('button', { name: 'Link account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This bank link has expired. Please link your bank again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/methods/bank');
  });
});

describe('/methods/bank?reauth=: re-authenticating a bank', () => {
  const reauthUrl = `/methods/bank?reauth=${METHOD_ID}`;
  const needsLogin = bankAccount({ requiresReauth: true });

  it('tells the user to wait while the re-auth token comes, then logs in to that bank only and repairs the method', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let repaired = false;
    const fake = server({
      '/bank-account-list': () => ok({ accounts: [repaired ? bankAccount() : needsLogin] }),
      '/plaid-ui-reauth-token': async () => {
        await held;
        return ok({ linkToken: 'link-sandbox-reauth', expiration: '2030-01-01T00:00:00.000Z' });
      },
      '/plaid-sandbox-link': () =>
        ok({
          publicToken: 'public-sandbox-reauth',
          institutionId: 'ins_platypus',
          institutionName: 'First Platypus Bank',
          accounts: [],
        }),
      '/plaid-bank-account-reauth': () => {
        repaired = true;
        return ok({ account: bankAccount() });
      },
    });
    const { user } = renderMethods(reauthUrl, fake);

    expect(await screen.findByTestId('reauth-notice')).toHaveTextContent(
      'Please wait a few seconds to reauthenticate your Plaid bank account',
    );
    expect(fake.bodiesOf('/plaid-ui-reauth-token')).toEqual([{ fundsTransferMethodId: METHOD_ID }]);
    release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to First Platypus Bank' })).toBeInTheDocument();
    expect(screen.queryByTestId('reauth-notice')).not.toBeInTheDocument();
    // Limited to the method's bank: no list to pick another one from.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('First Platypus Bank re-authenticated')).toBeInTheDocument();
    expect(fake.bodiesOf('/plaid-sandbox-link')).toEqual([
      { linkToken: 'link-sandbox-reauth', institutionId: 'ins_platypus' },
    ]);
    expect(fake.bodiesOf('/plaid-bank-account-reauth')).toEqual([
      { fundsTransferMethodId: METHOD_ID, publicToken: 'public-sandbox-reauth' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
    // The list is shown again, without the login warning.
    expect(await screen.findByTestId('bank-method')).not.toHaveTextContent('Login required.');
  });

  it('explains a re-auth the server refuses and leads back to the list', async () => {
    const fake = server({
      '/plaid-ui-reauth-token': () =>
        fail(409, 'bank_reauth_not_required', 'This bank method does not need to be re-authenticated'),
    });
    renderMethods(reauthUrl, fake);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Couldn't re-authenticate this bank" }),
    ).toBeInTheDocument();
    expect(screen.getByText('This bank method does not need to be re-authenticated')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Payment methods' }).at(-1)).toHaveAttribute('href', '/methods');
  });
});
