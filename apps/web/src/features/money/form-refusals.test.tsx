import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { DepositPage } from './deposit-page';
import { WithdrawAssetPage } from './withdraw-asset-page';
import { WithdrawPage } from './withdraw-page';
import { catalogue } from '../../test/fixtures';
import { bank, errorReply, fakeServer, HOLDINGS, renderPage, validationReply, type Handler } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.loadNamespaces(['money', 'rules']);
});

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/bank-account-list': () => ({ accounts: [bank()] }),
    '/primetrust-accounts-view': () => HOLDINGS,
    ...handlers,
  });
}

const card = {
  fundsTransferMethodId: '9b3c4f1e-1111-4a2b-8c3d-222222222222',
  nickname: 'Visa 4242',
  fundsTransferMethod: 'credit_card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  expiry: '12/30',
  funding: 'debit',
  expired: false,
};

const weeklyLimit = (remaining: string) => ({
  assetTicker: 'USD',
  minimumTrade: '1.00',
  limits: [
    {
      kind: 'weekly_method',
      method: 'primex_ach',
      windowHours: 168,
      limit: '1000.00',
      used: (1000 - Number(remaining)).toFixed(2),
      remaining,
      nextReleaseAt: '2026-11-30T15:00:00.000Z',
    },
  ],
});

describe('a money form answering the server’s refusals', () => {
  it('says once, under the wire routing number, that either routing number will do when the server names both', async () => {
    const fake = server({
      '/transfers/withdraw': () =>
        validationReply({
          routingNumber: 'Routing number is required',
          achRoutingNumber: 'ACH Routing Number is required',
        }),
    });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^US wire/ }));
    await user.type(screen.getByRole('textbox', { name: 'Beneficiary name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Bank account number' }), '123456789');
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '60');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('field-error-routingNumber')).toHaveTextContent(
      'Enter the wire routing number, the ACH routing number, or both',
    );
    expect(screen.queryByTestId('field-error-achRoutingNumber')).toBeNull();
  });

  it('shows the refused funds-transfer method of a card deposit under the card', async () => {
    const fake = server({
      '/cc-method-list': () => ({ success: true, errors: { errors: [], fields: {} }, methods: [card] }),
      '/primetrust-creditcard-contribution-token': () =>
        validationReply({ fundsTransferMethodId: 'Select one payment method' }),
    });
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await screen.findByRole('radio', { name: /^Debit card/ }));
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByTestId('field-error-cardMethodId')).toHaveTextContent('Select one payment method');
  });

  it('reads the weekly limit again when it moved since the page read it, and says what is left', async () => {
    let reads = 0;
    const fake = server({
      '/ramp/limits': () => weeklyLimit((reads += 1) === 1 ? '40.00' : '12.00'),
      '/transfers/deposit': () => errorReply(422, 'Weekly limit exceeded', 'trade_limit_exceeded'),
    });
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await screen.findByTestId('limit-remaining');
    await waitFor(() => expect(screen.getByRole('radio', { name: /First Platypus Bank/ })).toBeChecked());
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '30');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
        'This is over your $1000 weekly limit for this method; $12.00 remains',
      ),
    );
  });
});

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

function assetServer(handlers: Record<string, Handler>) {
  return fakeServer({
    '/primetrust-accounts-view': () => ({
      ...HOLDINGS,
      assets: [{ assetTicker: 'USDS', settled: '150.000000', held: '0.000000', available: '150.000000' }],
    }),
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/holdings/withdrawals': () => ({ withdrawals: [] }),
    '/holdings/withdraw-challenge': () => ({
      challengeName: 'EMAIL_OTP',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' },
    }),
    ...handlers,
  });
}

describe('the asset withdrawal answering the server’s refusals', () => {
  async function request(user: ReturnType<typeof renderPage>['user']) {
    await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
    await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
    await user.type(screen.getByLabelText('Amount (USDS)'), '100');
    await user.type(screen.getByLabelText('Address on XRP Ledger'), XRPL_ADDRESS);
    await user.type(screen.getByLabelText('Destination tag'), '12345');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  }

  it('goes back to the request with a refused field’s message under it', async () => {
    const fake = assetServer({
      '/holdings/withdraw': () => validationReply({ address: 'This address is not allowed' }),
    });
    const { user } = renderPage(<WithdrawAssetPage />, fake.api, '/money/withdraw-asset');
    await request(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and withdraw' }));
    expect(await screen.findByTestId('field-error-address')).toHaveTextContent('This address is not allowed');
    expect(screen.queryByTestId('asset-withdraw-verify')).toBeNull();
  });

  it('says a refused challenge under the amount, and stays on the request', async () => {
    const fake = assetServer({ '/holdings/withdraw-challenge': () => errorReply(429, 'Slow down', 'rate_limited') });
    const { user } = renderPage(<WithdrawAssetPage />, fake.api, '/money/withdraw-asset');
    await request(user);
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent('Slow down');
    expect(screen.queryByTestId('asset-withdraw-verify')).toBeNull();
  });
});
