import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { ConfirmWithdrawalPage } from './confirm-withdrawal-page';
import { errorReply, fakeServer, renderPage, transfer } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.loadNamespaces(['money']);
});

const confirmed = transfer({
  direction: 'disbursement',
  methodKey: 'primex_fedwire',
  method: 'us_wire',
  amount: '60.00',
  fee: '15.00',
  net: '-75.00',
  methodRef: { kind: 'wire', id: null, last4: '6789', label: 'Ada Lovelace', bankCode: '021000021' },
  confirmation: 'confirmed',
  settlesAt: '2026-11-24T15:00:00.000Z',
});

const PATH = '/money/withdrawals/confirm';

describe('the withdrawal confirmation page', () => {
  it('confirms once with the token and says where the money goes', async () => {
    const fake = fakeServer({ '/transfers/confirm-withdrawal': () => ({ transfer: confirmed, replayed: false }) });
    renderPage(<ConfirmWithdrawalPage />, fake.api, `${PATH}?token=tok_123`);
    expect(screen.getByText('Confirming your withdrawal…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Withdrawal confirmed' })).toBeInTheDocument();
    expect(screen.getByText('$60.00 is on its way by US wire to Ada Lovelace ••••6789.')).toBeInTheDocument();
    expect(screen.getByText(/Expected to arrive by Nov 24, 2026/)).toBeInTheDocument();
    expect(fake.callsTo('/transfers/confirm-withdrawal').map((c) => c.body)).toEqual([{ token: 'tok_123' }]);
    expect(screen.getByRole('link', { name: 'Back to Money' })).toHaveAttribute('href', '/money');
  });

  it('explains an expired link: the withdrawal was cancelled, the money is back', async () => {
    const fake = fakeServer({
      '/transfers/confirm-withdrawal': () =>
        errorReply(400, TRANSFER_MESSAGES.confirmationExpired, 'withdrawal_confirmation_expired'),
    });
    renderPage(<ConfirmWithdrawalPage />, fake.api, `${PATH}?token=old`);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText('This confirmation link has expired. The withdrawal was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New withdrawal' })).toHaveAttribute('href', '/money/withdraw');
  });

  it('explains a used or unknown link', async () => {
    const fake = fakeServer({
      '/transfers/confirm-withdrawal': () =>
        errorReply(400, TRANSFER_MESSAGES.confirmationInvalid, 'withdrawal_confirmation_invalid'),
    });
    renderPage(<ConfirmWithdrawalPage />, fake.api, `${PATH}?token=used`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This confirmation link is not valid. It may have been used already.')).toBeInTheDocument();
  });

  it('says there is nothing to confirm for a withdrawal that is no longer pending', async () => {
    const fake = fakeServer({
      '/transfers/confirm-withdrawal': () =>
        errorReply(409, TRANSFER_MESSAGES.withdrawalNotPending, 'withdrawal_not_pending'),
    });
    renderPage(<ConfirmWithdrawalPage />, fake.api, `${PATH}?token=t`);
    expect(await screen.findByRole('heading', { name: 'Nothing to confirm' })).toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    const fake = fakeServer({});
    renderPage(<ConfirmWithdrawalPage />, fake.api, PATH);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(
      screen.getByText('This confirmation link is incomplete. Open the link from your email again.'),
    ).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('shows another failure with what to do next', async () => {
    const fake = fakeServer({ '/transfers/confirm-withdrawal': () => errorReply(503, 'The service is busy') });
    renderPage(<ConfirmWithdrawalPage />, fake.api, `${PATH}?token=t`);
    expect(await screen.findByRole('heading', { name: "We couldn't confirm your withdrawal" })).toBeInTheDocument();
    expect(
      screen.getByText('Please try the link again in a moment. If it keeps failing, contact support.'),
    ).toBeInTheDocument();
  });
});
