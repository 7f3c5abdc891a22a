import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { catalogue } from '../../test/fixtures';
import { fakeServer, renderPage, validationReply } from '../../test/page-kit';
import { WithdrawAssetPage } from './withdraw-asset-page';

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['money', 'rules']);
});

const HOLDINGS = {
  available: '0.00',
  settled: '0.00',
  held: '0.00',
  assets: [{ assetTicker: 'USDS', settled: '150.000000', held: '0.000000', available: '150.000000' }],
};
const WITHDRAWAL = {
  withdrawalId: 'w-1',
  assetTicker: 'USDS',
  network: 'xrpl',
  amount: '100.000000',
  address: XRPL_ADDRESS,
  memo: '12345',
  status: 'pending',
  txHash: null,
  reason: null,
  expectedBy: '2026-11-24T15:00:00.000Z',
  createdAt: '2026-11-23T15:00:00.000Z',
  completedAt: null,
};

function handlers(withdrawals: unknown[] = []) {
  return {
    '/primetrust-accounts-view': () => HOLDINGS,
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/holdings/withdrawals': () => ({ withdrawals }),
    '/holdings/withdraw-challenge': () => EMAILED,
    '/holdings/withdraw': () => ({ withdrawal: { ...WITHDRAWAL, status: 'awaiting_confirmation' }, replayed: false }),
  };
}

const EMAILED = {
  challengeName: 'EMAIL_OTP',
  codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' },
};

/** The form filled in for 100 USDS to the XRPL address with its destination tag. */
async function fillForm(user: ReturnType<typeof renderPage>['user']) {
  await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
  await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
  await user.type(screen.getByLabelText('Amount (USDS)'), '100');
  await user.type(screen.getByLabelText('Address on XRP Ledger'), XRPL_ADDRESS);
  await user.type(screen.getByLabelText('Destination tag'), '12345');
}

describe('/money/withdraw-asset (R14, decision 032)', () => {
  it('sends a held asset to an address on its network with the destination tag, and says when it will be sent', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    expect(await screen.findByRole('heading', { name: 'Withdraw crypto', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
    await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
    await user.click(screen.getByRole('button', { name: /Use all: 150/ }));
    expect(screen.getByLabelText('Amount (USDS)')).toHaveValue('150.000000');
    await user.clear(screen.getByLabelText('Amount (USDS)'));
    await user.type(screen.getByLabelText('Amount (USDS)'), '100');
    await user.type(screen.getByLabelText('Address on XRP Ledger'), XRPL_ADDRESS);
    await user.type(screen.getByLabelText('Destination tag'), '12345');
    expect(
      screen.getByText('Assets are kept in cold storage: a withdrawal is sent within 1 business day.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // Decision 054: the second factor first (an emailed code here), nothing withdrawn yet.
    expect(
      await screen.findByText('We emailed a 6-digit code to a***@e***.com. Enter it to confirm the withdrawal.'),
    ).toBeInTheDocument();
    expect(server.callsTo('/holdings/withdraw-challenge')).toHaveLength(1);
    expect(server.callsTo('/holdings/withdraw')).toEqual([]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    expect(await screen.findByTestId('asset-withdrawal-done')).toHaveTextContent(
      /we emailed you a link to confirm the withdrawal of 100(\.0+)? USDS\. Nothing is sent until you open it/,
    );
    const call = server.callsTo('/holdings/withdraw')[0]!;
    expect(call.body).toEqual({
      assetTicker: 'USDS',
      network: 'xrpl',
      amount: '100',
      address: XRPL_ADDRESS,
      memo: '12345',
      code: '123456',
    });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('moves focus to the code step’s heading, then to what was done, and back to the page’s heading on Change', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await fillForm(user);
    await user.keyboard('{Enter}');
    const verifyHeading = await screen.findByRole('heading', { name: 'Confirm it is you', level: 2 });
    await waitFor(() => expect(verifyHeading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Change the withdrawal' }));
    const pageHeading = screen.getByRole('heading', { name: 'Withdraw crypto', level: 1 });
    await waitFor(() => expect(pageHeading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm it is you', level: 2 })).toHaveFocus());
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    const done = await screen.findByTestId('asset-withdrawal-done');
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('a refusal of the request after its code goes back to the form with focus on the field that says why', async () => {
    const server = fakeServer({
      ...handlers(),
      '/holdings/withdraw': () => validationReply({ address: 'Value is not a valid XRPL address' }),
    });
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await fillForm(user);
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');
    const address = await screen.findByLabelText('Address on XRP Ledger');
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });

  it('a wrong code is said under the field in the user’s words; the right one then goes through', async () => {
    let attempts = 0;
    const server = fakeServer({
      ...handlers(),
      '/holdings/withdraw': () => {
        attempts += 1;
        if (attempts === 1)
          return {
            status: 400,
            body: {
              message: 'Invalid verification code provided, please try again.',
              code: 'CodeMismatchException',
              type: 'api_error',
            },
          };
        return { withdrawal: { ...WITHDRAWAL, status: 'awaiting_confirmation' }, replayed: false };
      },
    });
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    expect(await screen.findByTestId('field-error-code')).toHaveTextContent(
      'That code is not right. Check it and try again.',
    );
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    expect(await screen.findByTestId('asset-withdrawal-done')).toBeInTheDocument();
    expect(server.callsTo('/holdings/withdraw').map((c) => (c.body as { code: string }).code)).toEqual([
      '000000',
      '123456',
    ]);
  });

  it('with an authenticator app no code is sent; the page asks for the app’s code', async () => {
    const server = fakeServer({
      ...handlers(),
      '/holdings/withdraw-challenge': () => ({ challengeName: 'SOFTWARE_TOKEN_MFA' }),
    });
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app to confirm the withdrawal.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  });

  it('an authenticator code just used (a sign-in a moment ago) says how many seconds until the next one (decision 056)', async () => {
    const USED = 'This code was just used. Please wait 12 seconds for the next code in your authenticator app.';
    const server = fakeServer({
      ...handlers(),
      '/holdings/withdraw-challenge': () => ({ challengeName: 'SOFTWARE_TOKEN_MFA' }),
      '/holdings/withdraw': () => ({
        status: 400,
        body: {
          message: USED,
          code: 'CodeMismatchException',
          type: 'invalid_request_error',
          errors: { errors: [USED], fields: { code: USED } },
          // The keys the API sends beside the English (decision 075).
          messageKey: 'identity.codeUsed',
          params: { seconds: 12 },
          fieldKeys: { code: { key: 'identity.codeUsed', params: { seconds: 12 } } },
        },
      }),
    });
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    expect(await screen.findByTestId('field-error-code')).toHaveTextContent(USED);
  });

  it('checks the amount and the address in the page before sending anything', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
    await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
    await user.type(screen.getByLabelText('Amount (USDS)'), '151');
    await user.type(screen.getByLabelText('Address on XRP Ledger'), 'rNotAnAddress');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('You have 150');
    expect(screen.getByTestId('field-error-address').textContent).not.toBe('');
    expect(server.callsTo('/holdings/withdraw')).toEqual([]);
  });

  it('lists the withdrawals made with their status and transaction hash', async () => {
    const server = fakeServer(
      handlers([
        { ...WITHDRAWAL, status: 'completed', txHash: 'AB'.repeat(32), completedAt: '2026-11-23T15:01:00.000Z' },
      ]),
    );
    renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    const list = await screen.findByTestId('asset-withdrawals');
    expect(within(list).getByText(/^Completed ·/)).toBeInTheDocument();
    expect(within(list).getByText(`Transaction ${'AB'.repeat(32)}`)).toBeInTheDocument();
  });
});
