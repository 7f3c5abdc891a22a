import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RampQuote } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { CompletePage } from './complete-page';
import { buildAssetOptions, buildPaymentMethodOptions } from './model/asset-options';
import { catalogue, text } from './model/test-fixtures';
import { clearTradeDraft, confirmQuote, setSellDraft, tradeDraftStore } from './model/trade-draft';
import { SummaryPage } from './summary-page';
import { VerifyPage } from './verify-page';
import { BANK, XRPL_ADDRESS, fakeServer, figures, order, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade', 'rules']);
});
beforeEach(() => clearTradeDraft());

const SELL_FIGURES = figures({
  side: 'sell',
  sellAssetTicker: 'USDS',
  sellNetwork: 'xrpl',
  sellAmountTotal: '100.000000',
  sellDeliveryMethod: 'deposit',
  buyAssetTicker: 'USD',
  buyNetwork: 'primex_ach',
  receiveAmount: '99.50',
  fees: [
    { kind: 'method', label: 'Method fee', assetTicker: 'USD', amount: '0.50' },
    { kind: 'network', label: 'Network fee', assetTicker: 'USD', amount: '0.00' },
    { kind: 'spread', label: 'Spread', assetTicker: 'USD', amount: '0.00' },
  ],
  totalFees: '0.50',
  paymentMethod: 'primex_ach',
});

function sellDraft() {
  const assets = catalogue();
  const asset = buildAssetOptions(assets, 'from', 'rampart').find((option) => option.key === 'xrplUSDS')!;
  const payout = buildPaymentMethodOptions({
    assets,
    bankAccounts: [BANK],
    logos: new Map(),
    direction: 'to',
    text,
  }).find((option) => option.network === 'primex_ach')!;
  setSellDraft({ asset, delivery: 'deposit', amount: '100.000000', payout });
}

function quote(body: unknown): { quote: RampQuote; replayed: boolean } {
  const now = Date.now();
  return {
    replayed: false,
    quote: {
      ...SELL_FIGURES,
      quoteId: 'q-sell',
      idemId: (body as { idemId: string }).idemId,
      buyAddress: BANK.primetrustFundsTransferMethodId,
      buyMemo: null,
      sellAddress: null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 300_000).toISOString(),
    },
  };
}

const DEPOSIT_ORDER = order({
  side: 'sell',
  status: 'awaiting_deposit',
  sellAssetTicker: 'USDS',
  sellNetwork: 'xrpl',
  sellAmountTotal: '100.000000',
  sellDeliveryMethod: 'deposit',
  buyAssetTicker: 'USD',
  buyNetwork: 'primex_ach',
  receiveAmount: '99.50',
  fees: SELL_FIGURES.fees,
  totalFees: '0.50',
  paymentMethod: 'primex_ach',
  buyAddress: BANK.primetrustFundsTransferMethodId,
  depositAddress: XRPL_ADDRESS,
  depositMemo: '4242',
  minimumDeposit: '10.000000',
  expiresAt: '2026-11-24T15:00:00.000Z',
  timeline: [{ status: 'awaiting_deposit', at: '2026-11-23T15:00:00.000Z' }],
});

describe('a sell through the summary to its order', () => {
  it('quotes the sell draft, names where the asset comes from and the payout, and places the order', async () => {
    sellDraft();
    const server = fakeServer({
      '/ramp/quote': (body) => quote(body),
    });
    const { user } = renderPage(<SummaryPage />, server.api, '/trade/summary');
    const lines = await screen.findByTestId('quote-lines');
    expect(within(lines).getByTestId('line-pay')).toHaveTextContent('You sell100.000000 USDS');
    expect(within(lines).getByTestId('line-fee-method')).toHaveTextContent('ACH fee$0.50');
    expect(within(lines).getByTestId('line-receive')).toHaveTextContent('You receive$99.50');
    expect(screen.getByText('100.000000 USDS on XRP Ledger')).toBeInTheDocument();
    expect(screen.getByTestId('summary-source')).toHaveTextContent('A deposit from your wallet');
    expect(screen.getByText('Minimum deposit')).toBeInTheDocument();
    expect(screen.getByText('ACH · Everyday Checking ••1234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Change the order/ })).toHaveAttribute('href', '/trade/sell');
    expect(server.callsTo('/ramp/quote')[0]?.body).toEqual({
      sellAssetTicker: 'USDS',
      sellNetwork: 'xrpl',
      sellAmountTotal: '100.000000',
      sellDeliveryMethod: 'deposit',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_ach',
      buyAddress: BANK.primetrustFundsTransferMethodId,
      idemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // R2: the sell is placed on /trade/verify with the second factor.
    await user.click(screen.getByRole('button', { name: 'Confirm and sell' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/verify'));
    expect(tradeDraftStore.getState().confirmed?.quoteId).toBe('q-sell');
    expect(server.callsTo('/ramp/order')).toEqual([]);
  });

  it('places the confirmed sell with the emailed code on /trade/verify', async () => {
    sellDraft();
    confirmQuote({ quoteId: 'q-sell', expiresAt: new Date(Date.now() + 300_000).toISOString() });
    const server = fakeServer({
      '/ramp/order-challenge': () => ({
        challengeName: 'EMAIL_OTP',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***.com', attributeName: 'email' },
      }),
      '/ramp/order': () => ({ order: DEPOSIT_ORDER, replayed: false }),
    });
    const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
    await user.type(await screen.findByLabelText(/Verification code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and sell' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/trade/complete?order=${DEPOSIT_ORDER.orderId}`),
    );
    expect(server.callsTo('/ramp/order')[0]?.body).toEqual({ quoteId: 'q-sell', code: '246810' });
    expect(tradeDraftStore.getState().draft).toBeNull();
  });

  it('shows the owner where to send a deposit: the address to copy and as a QR code, the tag they must include, the minimum', async () => {
    const server = fakeServer({
      '/ramp/order-get': () => ({ order: DEPOSIT_ORDER, replayed: false }),
      '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    });
    const { user } = renderPage(<CompletePage />, server.api, `/trade/complete?order=${DEPOSIT_ORDER.orderId}`);
    const block = await screen.findByTestId('deposit-instructions');
    // The asset's own decimals, once the catalogue has said them.
    expect(await within(block).findByRole('heading', { name: 'Send 100.000000 USDS to sell it' })).toBeInTheDocument();
    expect(within(block).getByTestId('deposit-address')).toHaveTextContent(XRPL_ADDRESS);
    // The tag comes before the address, said plainly.
    const tag = within(block).getByTestId('deposit-memo-block');
    expect(tag).toHaveTextContent('You must include this destination tag');
    expect(within(tag).getByTestId('deposit-memo')).toHaveTextContent('4242');
    expect(
      tag.compareDocumentPosition(within(block).getByTestId('deposit-address')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(block).getByTestId('deposit-minimum')).toHaveTextContent('Minimum deposit: 10.000000 USDS.');
    expect(await within(block).findByTestId('deposit-qr')).toHaveAttribute('data-value', XRPL_ADDRESS);
    expect(
      within(block).getByRole('img', { name: 'QR code of the deposit address on XRP Ledger' }),
    ).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Copy the address' }));
    expect(await navigator.clipboard.readText()).toBe(XRPL_ADDRESS);
    expect(within(block).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Copy the destination tag' }));
    expect(await navigator.clipboard.readText()).toBe('4242');

    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Waiting for your deposit');
    expect(within(screen.getByTestId('order-lines')).getByText('You sell')).toBeInTheDocument();
  });

  it('tells the owner how much of the deposit has arrived while the order waits for the rest', async () => {
    const server = fakeServer({
      '/ramp/order-get': () => ({ order: { ...DEPOSIT_ORDER, depositReceived: '40.000000' }, replayed: false }),
      '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${DEPOSIT_ORDER.orderId}`);
    const block = await screen.findByTestId('deposit-instructions');
    expect(await within(block).findByTestId('deposit-received')).toHaveTextContent(
      '40.000000 USDS of 100.000000 USDS has arrived and is in your holdings. Send the rest to the same address.',
    );
  });

  it('says nothing has arrived when nothing has', async () => {
    const server = fakeServer({
      '/ramp/order-get': () => ({ order: { ...DEPOSIT_ORDER, depositReceived: null }, replayed: false }),
      '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${DEPOSIT_ORDER.orderId}`);
    const block = await screen.findByTestId('deposit-instructions');
    await within(block).findByTestId('deposit-minimum');
    expect(within(block).queryByTestId('deposit-received')).toBeNull();
  });

  it('shows no deposit instructions once the deposit has arrived, nor for a sell from holdings', async () => {
    const received = {
      ...DEPOSIT_ORDER,
      status: 'deposit_received' as const,
      timeline: [...DEPOSIT_ORDER.timeline, { status: 'deposit_received' as const, at: '2026-11-23T15:05:00.000Z' }],
    };
    const server = fakeServer({ '/ramp/order-get': () => ({ order: received, replayed: false }) });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${DEPOSIT_ORDER.orderId}`);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Status: Deposit received');
    expect(screen.queryByTestId('deposit-instructions')).not.toBeInTheDocument();
  });
});
