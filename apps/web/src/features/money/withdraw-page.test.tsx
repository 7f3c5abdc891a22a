import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { WithdrawPage } from './withdraw-page';
import { bank, BANK_ID, fakeServer, HOLDINGS, renderPage, transfer, type Handler } from '../../test/page-kit';

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

const wire = transfer({
  direction: 'disbursement',
  methodKey: 'primex_fedwire',
  method: 'us_wire',
  amount: '60.00',
  fee: '15.00',
  net: '-75.00',
  methodRef: { kind: 'wire', id: null, last4: '6789', label: 'Ada Lovelace', bankCode: '021000021' },
  settlesAt: null,
  confirmation: 'required',
  confirmBy: '2026-11-24T15:00:00.000Z',
});

describe('the withdraw page', () => {
  it('offers ACH, US wire and international wire (R13) and shows the available balance', async () => {
    renderPage(<WithdrawPage />, server().api, '/money/withdraw');
    expect(await screen.findByText('Available: $150.00')).toBeInTheDocument();
    const names = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(names).toEqual([
      'ACH5 business days · 0.5% fee · US only',
      'US wire1 business day · $15.00 fee · US only',
      'International wire3-5 business days · $25.00 fee · 150+ countries',
    ]);
  });

  it('gives the bank-detail messages of document 2 for a US wire', async () => {
    const { user } = renderPage(<WithdrawPage />, server().api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^US wire/ }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-beneficiaryName')).toHaveTextContent('Beneficiary name is required');
    expect(screen.getByTestId('field-error-accountNumber')).toHaveTextContent('Bank account number is required');
    // Document 2: "ACH and/or wire routing number required for US".
    // One error, worded like the field's help text (decision 055).
    expect(screen.getByTestId('field-error-routingNumber')).toHaveTextContent(
      'Enter the wire routing number, the ACH routing number, or both',
    );
    expect(screen.queryByTestId('field-error-achRoutingNumber')).toBeNull();
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('Amount is required');

    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000022');
    await user.type(screen.getByRole('textbox', { name: 'Bank account number' }), '12');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // R9: the ABA checksum refuses a mistyped digit.
    expect(screen.getByTestId('field-error-routingNumber')).toHaveTextContent(
      'Value is not a valid ABA routing number',
    );
    expect(screen.getByTestId('field-error-accountNumber')).toHaveTextContent('Value is not a valid account number');
    // One routing number is enough: the ACH one is no longer asked for.
    expect(screen.queryByTestId('field-error-achRoutingNumber')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'ACH routing number' }), '123');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-achRoutingNumber')).toHaveTextContent(
      'Value is not a valid ABA routing number',
    );
  });

  it('takes the ACH routing number alone for a US wire', async () => {
    const fake = server({ '/transfers/withdraw': () => ({ transfer: wire, replayed: false }) });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^US wire/ }));
    await user.type(screen.getByRole('textbox', { name: 'Beneficiary name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Bank account number' }), '123456789');
    await user.type(screen.getByRole('textbox', { name: 'ACH routing number' }), '011000015');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '60');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(fake.callsTo('/transfers/withdraw')[0]?.body).toEqual({
      method: 'primex_fedwire',
      amount: '60.00',
      beneficiaryName: 'Ada Lovelace',
      accountNumber: '123456789',
      achRoutingNumber: '011000015',
    });
  });

  it('asks for the IBAN and the SWIFT code of an international wire, and checks them', async () => {
    const { user } = renderPage(<WithdrawPage />, server().api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^International wire/ }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-iban')).toHaveTextContent('IBAN is required');
    expect(screen.getByTestId('field-error-swiftCode')).toHaveTextContent('SWIFT code is required');
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013001');
    await user.type(screen.getByRole('textbox', { name: 'SWIFT code' }), 'deut');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-iban')).toHaveTextContent('Value is not a valid IBAN');
    expect(screen.getByTestId('field-error-swiftCode')).toHaveTextContent('Value is not a valid SWIFT code');
  });

  it('refuses an amount whose total with the fee is above the available balance', async () => {
    const { user } = renderPage(<WithdrawPage />, server().api, '/money/withdraw');
    await screen.findByText('Available: $150.00');
    await user.click(screen.getByRole('radio', { name: /^US wire/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '140');
    const lines = screen.getByTestId('withdraw-lines');
    expect(lines).toHaveTextContent('Your bank receives$140.00');
    expect(lines).toHaveTextContent('US wire fee$15.00');
    expect(lines).toHaveTextContent('Total taken from your balance$155.00');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
      'Amount plus fees must not exceed your available balance',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Amount (USD)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '135');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByTestId('field-error-amount')).not.toBeInTheDocument();
  });

  it('sends a US wire and says to confirm from the email within 24 hours', async () => {
    const fake = server({ '/transfers/withdraw': () => ({ transfer: wire, replayed: false }) });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^US wire/ }));
    await user.type(screen.getByRole('textbox', { name: 'Beneficiary name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Bank account number' }), '123456789');
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '60');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/Open its link within 24 hours to confirm it/)).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-lines')).toHaveTextContent('Total taken from your balance$75.00');
    const [call] = fake.callsTo('/transfers/withdraw');
    expect(call?.body).toEqual({
      method: 'primex_fedwire',
      amount: '60.00',
      beneficiaryName: 'Ada Lovelace',
      accountNumber: '123456789',
      routingNumber: '021000021',
    });
    expect(call?.idempotencyKey).toBeTruthy();
  });

  it('sends an ACH withdrawal to the chosen bank', async () => {
    const fake = server({
      '/transfers/withdraw': () => ({
        transfer: { ...wire, methodKey: 'primex_ach', method: 'ach', fee: '0.50' },
        replayed: false,
      }),
    });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(fake.callsTo('/transfers/withdraw')[0]?.body).toEqual({
      method: 'primex_ach',
      amount: '100.00',
      fundsTransferMethodId: BANK_ID,
    });
  });

  it('moves focus to the next step’s heading once the withdrawal is requested from the keyboard', async () => {
    const fake = server({
      '/transfers/withdraw': () => ({
        transfer: { ...wire, methodKey: 'primex_ach', method: 'ach', fee: '0.50' },
        replayed: false,
      }),
    });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '100');
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    // Not the document's body: the button pressed went with the form, the user goes on where the new step starts.
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("shows the server's refusal under the amount (insufficient funds)", async () => {
    const fake = server({
      '/transfers/withdraw': () => ({
        status: 422,
        body: {
          message: 'Amount plus fees must not exceed your available balance',
          code: 'insufficient_funds',
          type: 'api_error',
          errors: { errors: [], fields: { amount: 'Amount plus fees must not exceed your available balance' } },
        },
      }),
    });
    const { user } = renderPage(<WithdrawPage />, fake.api, '/money/withdraw');
    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
        'Amount plus fees must not exceed your available balance',
      ),
    );
  });
});
