import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { MoneyPage } from './money-page';
import { errorReply, fakeServer, HOLDINGS, renderPage, transfer, type Handler } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.loadNamespaces(['money']);
});

const ach = transfer();
const wire = transfer({
  transferId: '0b5d2a4e-6c1f-4f0e-9d55-222222222222',
  direction: 'disbursement',
  methodKey: 'primex_fedwire',
  method: 'us_wire',
  status: 'settled',
  amount: '60.00',
  fee: '15.00',
  net: '-75.00',
  methodRef: { kind: 'wire', id: null, last4: '6789', label: 'Ada Lovelace', bankCode: '021000021' },
  confirmation: 'confirmed',
  settledAt: '2026-11-20T15:00:00.000Z',
});
const card = transfer({
  transferId: '0b5d2a4e-6c1f-4f0e-9d55-333333333333',
  methodKey: 'primex_card',
  method: 'card',
  status: 'cancelled',
  amount: '25.00',
  fee: '1.00',
  cancelledAt: '2026-11-19T15:00:00.000Z',
});
const reversed = transfer({
  transferId: '0b5d2a4e-6c1f-4f0e-9d55-444444444444',
  status: 'reversed',
  reversedAt: '2026-11-18T15:00:00.000Z',
});
const instant = transfer({
  transferId: '0b5d2a4e-6c1f-4f0e-9d55-555555555555',
  methodKey: 'primex_instant_ach',
  method: 'instant_ach',
  fee: '2.00',
  fundsAvailable: true,
});
const awaiting = transfer({
  transferId: '0b5d2a4e-6c1f-4f0e-9d55-666666666666',
  direction: 'disbursement',
  methodKey: 'primex_swift_wire',
  method: 'international_wire',
  fee: '25.00',
  settlesAt: null,
  confirmation: 'required',
  confirmBy: '2026-11-24T15:00:00.000Z',
});

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/primetrust-accounts-view': () => HOLDINGS,
    '/transfers/list': () => ({ transfers: [ach, wire, card, reversed, instant, awaiting] }),
    ...handlers,
  });
}

describe('the money page', () => {
  it('shows skeletons, then the USD balance and the assets', async () => {
    renderPage(<MoneyPage />, server().api, '/money');
    expect(await screen.findByTestId('balance-skeleton')).toBeInTheDocument();
    expect(await screen.findByTestId('balance-available')).toHaveTextContent('$150.00');
    expect(screen.getByTestId('balance-settled')).toHaveTextContent('$200.00');
    expect(screen.getByTestId('balance-held')).toHaveTextContent('$50.00');
    expect(screen.getByText('5.000000 USDC available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/money/deposit');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/money/withdraw');
  });

  it('lists every transfer with its status, method, amount, fee and dates', async () => {
    renderPage(<MoneyPage />, server().api, '/money');
    const items = await screen.findAllByTestId('transfer');
    expect(items).toHaveLength(6);
    const [first, second, third, fourth, fifth, sixth] = items;
    expect(first).toHaveTextContent('Deposit by ACH');
    expect(within(first!).getByTestId('transfer-status')).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('First Platypus Bank Checking ••••0000');
    expect(first).toHaveTextContent('Expected by Dec 1, 2026');
    expect(first).toHaveTextContent('Amount$100.00');
    expect(first).toHaveTextContent('Fee$0.50');
    expect(second).toHaveTextContent('Withdrawal by US wire');
    expect(within(second!).getByTestId('transfer-status')).toHaveTextContent('Settled');
    expect(second).toHaveTextContent('Fee$15.00');
    expect(second).toHaveTextContent('Balance change-$75.00');
    expect(within(third!).getByTestId('transfer-status')).toHaveTextContent('Cancelled');
    expect(third).toHaveTextContent('Deposit by debit card');
    expect(within(fourth!).getByTestId('transfer-status')).toHaveTextContent('Reversed');
    expect(fifth).toHaveTextContent('Deposit by instant ACH');
    expect(sixth).toHaveTextContent(/Confirm from your email by Nov 24, 2026/);
    // Only pending transfers whose money has not moved can be cancelled.
    expect(within(first!).getByRole('button', { name: 'Cancel the ACH transfer of $100.00' })).toBeInTheDocument();
    for (const item of [second, third, fourth, fifth])
      expect(within(item!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(sixth!).getByRole('button', { name: /Cancel the international wire transfer/ })).toBeInTheDocument();
  });

  it('says what to do first when there is no transfer yet', async () => {
    renderPage(<MoneyPage />, server({ '/transfers/list': () => ({ transfers: [] }) }).api, '/money');
    const empty = await screen.findByTestId('history-empty');
    expect(empty).toHaveTextContent('No transfers yet');
    expect(within(empty).getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/money/deposit');
  });

  it('cancels a pending transfer after asking, then reads the history again', async () => {
    let cancelled = false;
    const fake = server({
      '/transfers/list': () => ({
        transfers: [cancelled ? { ...ach, status: 'cancelled', cancelledAt: '2026-11-23T16:00:00.000Z' } : ach],
      }),
      '/transfers/cancel': () => {
        cancelled = true;
        return { transfer: { ...ach, status: 'cancelled' }, replayed: false };
      },
    });
    const { user } = renderPage(<MoneyPage />, fake.api, '/money');
    await user.click(await screen.findByRole('button', { name: 'Cancel the ACH transfer of $100.00' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this transfer?' });
    expect(dialog).toHaveTextContent('Your deposit of $100.00 by ACH will not be made.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fake.callsTo('/transfers/cancel')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the ACH transfer of $100.00' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel transfer' }));
    expect(await screen.findByText('Transfer cancelled')).toBeInTheDocument();
    expect(fake.callsTo('/transfers/cancel').map((c) => c.body)).toEqual([{ transferId: ach.transferId }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('transfer')).getByTestId('transfer-status')).toHaveTextContent('Cancelled'),
    );
  });

  it("shows the server's refusal to cancel in the snackbar", async () => {
    const fake = server({
      '/transfers/cancel': () => errorReply(409, TRANSFER_MESSAGES.notCancellable, 'transfer_not_cancellable'),
    });
    const { user } = renderPage(<MoneyPage />, fake.api, '/money');
    await user.click(await screen.findByRole('button', { name: 'Cancel the ACH transfer of $100.00' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel transfer' }));
    const alert = await screen.findByText("Couldn't cancel: This transfer can no longer be cancelled");
    expect(alert.closest('[data-severity]')).toHaveAttribute('data-severity', 'error');
  });

  it('writes a method name in lower case inside a Spanish sentence', async () => {
    await i18n.changeLanguage('es');
    try {
      const { user } = renderPage(<MoneyPage />, server().api, '/money');
      const [first, second, third, , fifth, sixth] = await screen.findAllByTestId('transfer');
      expect(first).toHaveTextContent('Depósito con ACH');
      expect(second).toHaveTextContent('Retiro por transferencia bancaria en EE. UU.');
      expect(third).toHaveTextContent('Depósito con tarjeta de débito');
      expect(fifth).toHaveTextContent('Depósito con ACH instantáneo');
      const cancel = within(sixth!).getByRole('button', {
        name: /^Cancelar la transferencia de .+ por transferencia bancaria internacional$/,
      });
      await user.click(cancel);
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        /Tu retiro de .+ por transferencia bancaria internacional no se enviará/,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('has Spanish texts', async () => {
    await i18n.changeLanguage('es');
    try {
      renderPage(<MoneyPage />, server().api, '/money');
      expect(await screen.findByRole('heading', { level: 1, name: 'Dinero' })).toBeInTheDocument();
      const [first] = await screen.findAllByTestId('transfer');
      expect(first).toHaveTextContent('Depósito con ACH');
      expect(within(first!).getByTestId('transfer-status')).toHaveTextContent('Pendiente');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
