import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { ConfirmAssetWithdrawalPage } from './confirm-asset-withdrawal-page';
import { errorReply, fakeServer, renderPage } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['money']);
});

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const PENDING = {
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
const PATH = '/money/withdraw-asset/confirm';

describe('the asset withdrawal confirmation page (decision 054)', () => {
  it('confirms once with the token and says where and when the asset goes', async () => {
    const fake = fakeServer({ '/holdings/confirm-withdrawal': () => ({ withdrawal: PENDING, replayed: false }) });
    renderPage(<ConfirmAssetWithdrawalPage />, fake.api, `${PATH}?token=tok_123`);
    expect(await screen.findByRole('heading', { name: 'Withdrawal confirmed' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^100(\\.0+)? USDS will be sent to ${XRPL_ADDRESS} by `))).toBeInTheDocument();
    expect(fake.callsTo('/holdings/confirm-withdrawal').map((c) => c.body)).toEqual([{ token: 'tok_123' }]);
    expect(screen.getByRole('link', { name: 'Back to crypto withdrawals' })).toHaveAttribute(
      'href',
      '/money/withdraw-asset',
    );
  });

  it('an expired link: the withdrawal was cancelled and the asset is available again', async () => {
    const fake = fakeServer({
      '/holdings/confirm-withdrawal': () =>
        errorReply(400, TRANSFER_MESSAGES.confirmationExpired, 'withdrawal_confirmation_expired'),
    });
    renderPage(<ConfirmAssetWithdrawalPage />, fake.api, `${PATH}?token=old`);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This link has expired, so the withdrawal was cancelled. The asset is available in your account again.',
      ),
    ).toBeInTheDocument();
  });

  it('a used or unknown link says so and where to look', async () => {
    const fake = fakeServer({
      '/holdings/confirm-withdrawal': () =>
        errorReply(400, TRANSFER_MESSAGES.confirmationInvalid, 'withdrawal_confirmation_invalid'),
    });
    renderPage(<ConfirmAssetWithdrawalPage />, fake.api, `${PATH}?token=used`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('Open Withdraw crypto to see the state of your withdrawals.')).toBeInTheDocument();
  });
});
