import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { buildAssetOptions, buildPaymentMethodOptions } from './model/asset-options';
import { catalogue, text } from './model/test-fixtures';
import { clearTradeDraft, confirmQuote, setBuyDraft, tradeDraftStore } from './model/trade-draft';
import { XRPL_ADDRESS, errorReply, fakeServer, order, renderPage } from './test-support';
import { VerifyPage } from './verify-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});

const EMAILED = {
  challengeName: 'EMAIL_OTP',
  codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' },
};
const APP = { challengeName: 'SOFTWARE_TOKEN_MFA' };
const MISMATCH = 'Invalid verification code provided, please try again.';

function confirmedBuy(ttlMs = 300_000) {
  const assets = catalogue();
  const asset = buildAssetOptions(assets, 'to', 'rampart').find((option) => option.key === 'xrplUSDS')!;
  const source = buildPaymentMethodOptions({ assets, bankAccounts: [], logos: new Map(), direction: 'from', text })[0]!;
  setBuyDraft({ asset, source, amount: '100.00', address: XRPL_ADDRESS, memo: '' });
  confirmQuote({ quoteId: 'q-1', expiresAt: new Date(Date.now() + ttlMs).toISOString() });
}

beforeEach(() => clearTradeDraft());
afterEach(() => vi.useRealTimers());

describe('/trade/verify (R2 step-up, decision 027)', () => {
  it('says where the emailed code went, refuses a malformed one in the page, and places the order with the right one', async () => {
    confirmedBuy();
    const server = fakeServer({
      '/ramp/order-challenge': () => EMAILED,
      '/ramp/order': () => ({ order: order(), replayed: false }),
    });
    const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
    expect(
      await screen.findByText('We emailed a 6-digit code to a***@e***.com. Enter it to place this order.'),
    ).toBeInTheDocument();
    expect(server.callsTo('/ramp/order-challenge').map((call) => call.body)).toEqual([{ quoteId: 'q-1' }]);
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Price held for [45]:\d\d/);

    await user.type(screen.getByLabelText(/Verification code/), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    expect(screen.getByTestId('field-error-code')).toHaveTextContent('Enter the 6 digits of your code');
    expect(server.callsTo('/ramp/order')).toEqual([]);

    await user.clear(screen.getByLabelText(/Verification code/));
    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/trade/complete?order=${order().orderId}`),
    );
    expect(server.callsTo('/ramp/order').map((call) => call.body)).toEqual([{ quoteId: 'q-1', code: '123456' }]);
    expect(tradeDraftStore.getState().draft).toBeNull();
  });

  it("shows the server's message under the field for a wrong code, and sends a new code on request", async () => {
    confirmedBuy();
    const server = fakeServer({
      '/ramp/order-challenge': () => EMAILED,
      // As the API answers CodeMismatchException (the field named, decision 027).
      '/ramp/order': () => ({
        status: 400,
        body: {
          message: MISMATCH,
          code: 'CodeMismatchException',
          type: 'invalid_request_error',
          errors: { errors: [MISMATCH], fields: { code: MISMATCH } },
        },
      }),
    });
    const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
    await user.type(await screen.findByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    expect(await screen.findByTestId('field-error-code')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/verify');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent a new code to a***@e***.com.')).toHaveAttribute('role', 'status');
    expect(server.callsTo('/ramp/order-challenge')).toHaveLength(2);
  });

  it("in Spanish, the server's wrong-code and short-balance messages are shown in Spanish", async () => {
    await i18n.changeLanguage('es');
    try {
      confirmedBuy();
      let calls = 0;
      const server = fakeServer({
        '/ramp/order-challenge': () => EMAILED,
        '/ramp/order': () =>
          (calls += 1) === 1
            ? {
                status: 400,
                body: {
                  message: MISMATCH,
                  code: 'CodeMismatchException',
                  type: 'invalid_request_error',
                  errors: { errors: [MISMATCH], fields: { code: MISMATCH } },
                  messageKey: 'identity.codeMismatch',
                  fieldKeys: { code: { key: 'identity.codeMismatch' } },
                },
              }
            : errorReply(422, 'Your USD balance is not enough for this order', 'insufficient_funds'),
      });
      const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
      await user.type(await screen.findByLabelText(/Código de verificación/), '654321');
      await user.click(screen.getByRole('button', { name: 'Verificar y comprar' }));
      expect(await screen.findByTestId('field-error-code')).toHaveTextContent(
        'El código de verificación no es válido, inténtalo de nuevo.',
      );
      await user.click(screen.getByRole('button', { name: 'Verificar y comprar' }));
      expect(await screen.findByText(/Tu saldo en USD no alcanza para este pedido/)).toHaveAttribute('role', 'alert');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks for the authenticator code when the user has an app, with no resend', async () => {
    confirmedBuy();
    const server = fakeServer({ '/ramp/order-challenge': () => APP });
    renderPage(<VerifyPage />, server.api, '/trade/verify');
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app to place this order.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Authenticator code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  });

  it('when the price runs out, says nothing was charged and offers a new price', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirmedBuy(3_000);
    const server = fakeServer({ '/ramp/order-challenge': () => EMAILED });
    renderPage(<VerifyPage />, server.api, '/trade/verify');
    await screen.findByText(/We emailed a 6-digit code/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(
      await screen.findByText('Your price expired before the order was placed. Nothing has been charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new price' })).toHaveAttribute('href', '/trade/summary');
  });

  it('an order refused because the quote expired on the server leads to a new price too', async () => {
    confirmedBuy();
    const server = fakeServer({
      '/ramp/order-challenge': () => EMAILED,
      '/ramp/order': () => errorReply(409, 'This quote has expired', 'quote_expired'),
    });
    const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
    await user.type(await screen.findByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    expect(await screen.findByRole('link', { name: 'Get a new price' })).toBeInTheDocument();
  });

  it('when no code could be sent (too many codes), says so instead of "Sending your code…" (decision 056)', async () => {
    confirmedBuy();
    const TOO_MANY = 'Too many codes requested. Please try again in 12 minutes.';
    const server = fakeServer({ '/ramp/order-challenge': () => errorReply(429, TOO_MANY, 'TooManyRequestsException') });
    renderPage(<VerifyPage />, server.api, '/trade/verify');
    expect(await screen.findByText(`We couldn't start the confirmation: ${TOO_MANY}`)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Sending your code…')).toBeNull();
    expect(screen.getByText('Your code was not sent.')).toBeInTheDocument();
  });

  it('an authenticator code just used elsewhere: tells the user, in Spanish too, how many seconds until the next one (decision 056)', async () => {
    await i18n.changeLanguage('es');
    try {
      confirmedBuy();
      const USED = 'This code was just used. Please wait 17 seconds for the next code in your authenticator app.';
      const server = fakeServer({
        '/ramp/order-challenge': () => APP,
        '/ramp/order': () => ({
          status: 400,
          body: {
            message: USED,
            code: 'CodeMismatchException',
            type: 'invalid_request_error',
            errors: { errors: [USED], fields: { code: USED } },
            messageKey: 'identity.codeUsed',
            params: { seconds: 17 },
            fieldKeys: { code: { key: 'identity.codeUsed', params: { seconds: 17 } } },
          },
        }),
      });
      const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
      await user.type(await screen.findByLabelText(/Código de autenticación/), '123456');
      await user.click(screen.getByRole('button', { name: 'Verificar y comprar' }));
      expect(await screen.findByTestId('field-error-code')).toHaveTextContent(
        'Este código se acaba de usar. Espera 17 segundos hasta el siguiente código de tu aplicación de autenticación.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('without a confirmed quote, sends the user to start a trade', async () => {
    const server = fakeServer({});
    renderPage(<VerifyPage />, server.api, '/trade/verify');
    expect(await screen.findByRole('link', { name: 'Start a trade' })).toHaveAttribute('href', '/trade/flow');
    expect(server.calls).toEqual([]);
  });
});
