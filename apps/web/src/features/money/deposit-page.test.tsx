import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { DepositPage } from './deposit-page';
import { bank, BANK_ID, fakeServer, renderPage, transfer, validationReply, type Handler } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.loadNamespaces(['money', 'rules']);
});

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/bank-account-list': () => ({ accounts: [bank()] }),
    '/cc-method-list': () => ({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
    '/transfers/wire-instructions': () => ({
      us: {
        beneficiaryName: 'Rampart Trust',
        beneficiaryAddress: '1 Vault St',
        bankName: 'Sandbox Bank',
        bankAddress: '2 Bank St',
        accountNumber: '123456789012',
        routingNumber: '021000021',
        swiftCode: null,
        reference: 'RMP-ABC123',
        fee: '15.00',
        settlementDescription: '1 business day',
      },
      international: {
        beneficiaryName: 'Rampart Trust',
        beneficiaryAddress: '1 Vault St',
        bankName: 'Sandbox Bank',
        bankAddress: '2 Bank St',
        accountNumber: '123456789012',
        routingNumber: null,
        swiftCode: 'CHASUS33',
        reference: 'RMP-ABC123',
        fee: '25.00',
        settlementDescription: '3-5 business days',
      },
    }),
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
const contribution = {
  contributionId: '7a1b2c3d-3333-4e5f-8a9b-444444444444',
  fundsTransferMethodId: card.fundsTransferMethodId,
  status: 'awaiting_authorization',
  amount: '25.00',
  fee: '1.00',
  total: '26.00',
  authorizationId: null,
  transferId: null,
  declineMessage: null,
  createdAt: '2026-11-23T15:00:00.000Z',
};
const AUTHORIZATION_ID = '5e6f7a8b-5555-4c6d-9e0f-666666666666';

function cardServer() {
  return server({
    '/cc-method-list': () => ({ success: true, errors: { errors: [], fields: {} }, methods: [card] }),
    '/primetrust-creditcard-contribution-token': () => ({
      token: 'cft_abc',
      purpose: 'charge',
      expiresAt: '2026-11-23T16:00:00.000Z',
      formUrl: '/api/card-form?token=cft_abc&lang=en',
      contribution,
      method: card,
    }),
    '/primetrust-creditcard-contribution-update': () => ({
      success: true,
      contribution: { ...contribution, status: 'completed', authorizationId: AUTHORIZATION_ID },
    }),
    '/primetrust-creditcard-contribution-cancel': () => ({
      success: true,
      contribution: { ...contribution, status: 'cancelled' },
    }),
  });
}

const radio = (name: RegExp) => screen.findByRole('radio', { name });

describe('the deposit page', () => {
  it('offers the deposit methods of R13 with their settlement time, fee and reach', async () => {
    renderPage(<DepositPage />, server().api, '/money/deposit');
    const group = await screen.findByRole('radiogroup', { name: 'How do you want to deposit?' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((option) => option.closest('label')?.textContent)).toEqual([
      'ACH5 business days · 0.5% fee · US only',
      'Instant ACHInstant · $2.00 fee · US only',
      'Debit card12 hours · 4% fee · 45+ countries',
      'US wire1 business day · $15.00 fee · US only',
      'International wire3-5 business days · $25.00 fee · 150+ countries',
    ]);
  });

  // docs/feature-flags.md: a deposit method the deployment's flags switch off is not offered at all.
  it.each([
    ['plaidDeposits false', { plaidDeposits: false }, ['Debit card', 'US wire', 'International wire']],
    ['instantAch false', { instantAch: false }, ['ACH', 'Debit card', 'US wire', 'International wire']],
    ['cardDeposit false', { cardDeposit: false }, ['ACH', 'Instant ACH', 'US wire', 'International wire']],
    [
      'cardDepositsThroughTrustProvider true',
      { cardDepositsThroughTrustProvider: true },
      ['ACH', 'Instant ACH', 'US wire', 'International wire'],
    ],
    ['the defaults', {}, ['ACH', 'Instant ACH', 'Debit card', 'US wire', 'International wire']],
  ])('with %s, offers only the deposit methods left on', async (_name, flags, offered) => {
    renderPage(<DepositPage />, server().api, '/money/deposit', '/money/deposit', flags);
    const group = await screen.findByRole('radiogroup', { name: 'How do you want to deposit?' });
    const names = within(group)
      .getAllByRole('radio')
      .map((option) => option.closest('label')?.textContent?.split(/\d|Instant ·/)[0]);
    expect(names).toEqual(offered);
  });

  it('shows the amount, the fee on its own line and the total together', async () => {
    const { user } = renderPage(<DepositPage />, server().api, '/money/deposit');
    await user.click(await radio(/^ACH/));
    await user.type(await screen.findByRole('textbox', { name: 'Amount (USD)' }), '100');
    const lines = screen.getByTestId('deposit-lines');
    expect(lines).toHaveTextContent('Added to your balance$100.00');
    expect(lines).toHaveTextContent('ACH fee$0.50');
    expect(lines).toHaveTextContent('Total taken from your bank$100.50');

    await user.click(await radio(/^Instant ACH/));
    expect(screen.getByTestId('deposit-lines')).toHaveTextContent('Instant ACH fee$2.00');
    expect(screen.getByTestId('deposit-lines')).toHaveTextContent('Total taken from your bank$102.00');
    expect(screen.getByTestId('expected')).toHaveTextContent('In your balance at once.');
  });

  it("shows what is left of the method's weekly limit and keeps a deposit within it, before sending (decisions 053, 100)", async () => {
    const left: Record<string, string> = { primex_ach: '40.00', primex_instant_ach: '300.00' };
    const limits = (body: unknown) => {
      const method = (body as { method: string }).method;
      return {
        assetTicker: 'USD',
        minimumTrade: '1.00',
        limits: [
          {
            kind: 'weekly_method',
            method,
            windowHours: 168,
            limit: '1000.00',
            used: (1000 - Number(left[method])).toFixed(2),
            remaining: left[method],
            nextReleaseAt: '2026-11-30T15:00:00.000Z',
          },
        ],
      };
    };
    const fake = server({
      '/ramp/limits': limits,
      '/transfers/deposit': () => ({ transfer: transfer(), replayed: false }),
    });
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^ACH/));
    expect(await screen.findByTestId('limit-remaining')).toHaveTextContent(
      '$40.00 left of your $1,000.00 weekly ACH limit',
    );
    expect(fake.callsTo('/ramp/limits')[0]?.body).toEqual({ method: 'primex_ach' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /First Platypus Bank/ })).toBeChecked());
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '40.01');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
      'This is over your $1000 weekly limit for this method; $40.00 remains',
    );
    expect(fake.callsTo('/transfers/deposit')).toEqual([]);
    // Instant ACH, credited before the bank pays, has a weekly limit of its own.
    await user.click(await radio(/^Instant ACH/));
    expect(await screen.findByTestId('limit-remaining')).toHaveTextContent(
      '$300.00 left of your $1,000.00 weekly instant ACH limit',
    );
    const amount = screen.getByRole('textbox', { name: 'Amount (USD)' });
    await user.clear(amount);
    await user.type(amount, '250000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
      'This is over your $1000 weekly limit for this method; $300.00 remains',
    );
    expect(fake.callsTo('/transfers/deposit')).toEqual([]);
  });

  it("says 'Amount is required' and 'greater than 0', with the one linked bank already chosen", async () => {
    const { user } = renderPage(<DepositPage />, server().api, '/money/deposit');
    await user.click(await radio(/^ACH/));
    // One linked bank: it is preselected (decision 055).
    await waitFor(() => expect(screen.getByRole('radio', { name: /First Platypus Bank/ })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('Amount is required');
    expect(screen.queryByTestId('field-error-fundsTransferMethodId')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('Amount must be greater than 0');
    expect(screen.getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('deposits by ACH from the chosen bank with an idempotency key, then goes to /money', async () => {
    const fake = server({ '/transfers/deposit': () => ({ transfer: transfer(), replayed: false }) });
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^ACH/));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/money'));
    const [call] = fake.callsTo('/transfers/deposit');
    expect(call?.body).toEqual({ method: 'primex_ach', amount: '100.00', fundsTransferMethodId: BANK_ID });
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText(/Deposit of \$100\.00 by ACH started\. Expected in your balance by/),
    ).toBeInTheDocument();
  });

  it("shows the server's field message under its field", async () => {
    const fake = server({ '/transfers/deposit': () => validationReply({ amount: 'Amount is required' }) });
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^Instant ACH/));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByTestId('field-error-amount')).toHaveTextContent('Amount is required');
  });

  it('links to the bank-link screen when no bank is linked', async () => {
    const { user } = renderPage(
      <DepositPage />,
      server({ '/bank-account-list': () => ({ accounts: [] }) }).api,
      '/money/deposit',
    );
    await user.click(await radio(/^ACH/));
    const link = await screen.findByRole('link', { name: 'Link a bank account' });
    expect(link).toHaveAttribute('href', '/methods/bank?redirect=%2Fmoney%2Fdeposit');
  });

  it('shows the wire instructions with the reference and what reaches the balance after the wire fee', async () => {
    const fake = server();
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^US wire/));
    const instructions = await screen.findByTestId('wire-instructions');
    expect(instructions).toHaveTextContent('Routing number (ABA)021000021');
    expect(instructions).toHaveTextContent('ReferenceRMP-ABC123');
    await user.type(screen.getByRole('textbox', { name: 'Amount you will send (USD)' }), '1000');
    const lines = screen.getByTestId('deposit-lines');
    expect(lines).toHaveTextContent('You send$1,000.00');
    expect(lines).toHaveTextContent('US wire fee$15.00');
    expect(lines).toHaveTextContent('Added to your balance$985.00');
    expect(fake.callsTo('/transfers/deposit')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
  });

  it("says how long an international wire takes to reach the balance with document 2's settlement description, in both languages", async () => {
    const { user, unmount } = renderPage(<DepositPage />, server().api, '/money/deposit');
    await user.click(await radio(/^International wire/));
    expect(
      await screen.findByText('A wire reaches your balance in 3-5 business days after your bank sends it.'),
    ).toBeInTheDocument();
    unmount();
    await act(() => i18n.changeLanguage('es'));
    try {
      const again = renderPage(<DepositPage />, server().api, '/money/deposit');
      const group = await screen.findByRole('radiogroup');
      expect(
        within(group)
          .getAllByRole('radio')
          .map((option) => option.closest('label')?.textContent),
      ).toEqual([
        expect.stringContaining('5 días hábiles'),
        expect.stringContaining('Al instante'),
        expect.stringContaining('12 horas'),
        expect.stringContaining('1 día hábil'),
        expect.stringContaining('3-5 días hábiles'),
      ]);
      again.unmount();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('a card deposit with the one card added goes on to the card form without choosing it first, as a bank deposit does', async () => {
    const fake = cardServer();
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^Debit card/));
    // One usable card: it is the choice, like the one linked bank (decision 055).
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa 4242/ })).toBeChecked());
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByTitle('Secure card form')).toBeInTheDocument();
    expect(screen.queryByTestId('field-error-cardMethodId')).toBeNull();
  });

  it('starts a card deposit and opens the hosted card form', async () => {
    const fake = cardServer();
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^Debit card/));
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '25');
    expect(screen.getByTestId('deposit-lines')).toHaveTextContent('Debit card fee$1.00');
    expect(screen.getByTestId('deposit-lines')).toHaveTextContent('Total charged to your card$26.00');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    const frame = await screen.findByTitle('Secure card form');
    expect(frame).toHaveAttribute('src', '/api/card-form?token=cft_abc&lang=en');
    expect(fake.callsTo('/primetrust-creditcard-contribution-token')[0]?.body).toEqual({
      fundsTransferMethodId: card.fundsTransferMethodId,
      amount: '25.00',
      lang: 'en',
    });

    // A message from another frame is ignored; the form's own authorization completes the deposit.
    const authorized = {
      type: 'rampart-card',
      event: 'charge-authorized',
      contributionId: contribution.contributionId,
      authorizationId: AUTHORIZATION_ID,
      fundsTransferMethodId: card.fundsTransferMethodId,
    };
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: authorized, origin: window.location.origin, source: window }),
      );
    });
    expect(fake.callsTo('/primetrust-creditcard-contribution-update')).toEqual([]);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: authorized,
          origin: window.location.origin,
          source: (frame as HTMLIFrameElement).contentWindow,
        }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/money'));
    expect(fake.callsTo('/primetrust-creditcard-contribution-update').map((c) => c.body)).toEqual([
      { contributionId: contribution.contributionId, authorizationId: AUTHORIZATION_ID },
    ]);
    expect(
      await screen.findByText(/Deposit of \$25\.00 by debit card started\. Expected in your balance by/),
    ).toBeInTheDocument();
  });

  it('shows a declined card and cancels the deposit on "Start again"', async () => {
    const fake = cardServer();
    const { user } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    await user.click(await radio(/^Debit card/));
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    const frame = (await screen.findByTitle('Secure card form')) as HTMLIFrameElement;
    const declined = {
      type: 'rampart-card',
      event: 'charge-declined',
      contributionId: contribution.contributionId,
      authorizationId: AUTHORIZATION_ID,
      fundsTransferMethodId: card.fundsTransferMethodId,
      message: 'Your card has insufficient funds.',
    };
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: declined, origin: window.location.origin, source: frame.contentWindow }),
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('radiogroup', { name: 'How do you want to deposit?' })).toBeInTheDocument();
    expect(fake.callsTo('/primetrust-creditcard-contribution-cancel').map((c) => c.body)).toEqual([
      { contributionId: contribution.contributionId },
    ]);
  });
});
