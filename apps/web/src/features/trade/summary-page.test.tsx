import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { serverMessage, type RampQuote } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { buildAssetOptions, buildPaymentMethodOptions } from './model/asset-options';
import { catalogue, text } from './model/test-fixtures';
import { clearBuyDraft, setBuyDraft, tradeDraftStore } from './model/trade-draft';
import { SummaryPage } from './summary-page';
import { XRPL_ADDRESS, errorReply, fakeServer, figures, renderPage, validationReply } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade', 'rules']);
});

function draft() {
  const assets = catalogue();
  const asset = buildAssetOptions(assets, 'to', 'rampart').find((option) => option.key === 'xrplUSDS')!;
  const source = buildPaymentMethodOptions({ assets, bankAccounts: [], logos: new Map(), direction: 'from', text })[0]!;
  setBuyDraft({ asset, source, amount: '100.00', address: XRPL_ADDRESS, memo: '12345' });
}

let quotes = 0;
function quote(body: unknown, ttlMs = 300_000): { quote: RampQuote; replayed: boolean } {
  quotes += 1;
  const request = body as { idemId: string };
  const now = Date.now();
  return {
    replayed: false,
    quote: {
      ...figures(),
      quoteId: `q-${quotes}`,
      idemId: request.idemId,
      buyAddress: XRPL_ADDRESS,
      buyMemo: '12345',
      sellAddress: null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ttlMs).toISOString(),
    },
  };
}

beforeEach(() => {
  quotes = 0;
  clearBuyDraft();
});
afterEach(() => vi.useRealTimers());

describe('/trade/summary', () => {
  it('asks for a quote with the draft and an idemId, once, and shows every line and the time left', async () => {
    draft();
    const server = fakeServer({ '/ramp/quote': (body) => quote(body) });
    renderPage(<SummaryPage />, server.api, '/trade/summary');
    const lines = await screen.findByTestId('quote-lines');
    expect(within(lines).getByTestId('line-fee-network')).toHaveTextContent('Network fee$0.01');
    expect(within(lines).getByTestId('line-fee-method')).toBeInTheDocument();
    expect(within(lines).getByTestId('line-fee-spread')).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Price held for [45]:\d\d/);
    expect(server.callsTo('/ramp/quote')).toHaveLength(1);
    const body = server.callsTo('/ramp/quote')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      buyAssetTicker: 'USDS',
      buyNetwork: 'xrpl',
      buyAddress: XRPL_ADDRESS,
      buyMemo: '12345',
      sellAssetTicker: 'USD',
      sellNetwork: 'primex_usd',
      sellAmountTotal: '100.00',
      sellDeliveryMethod: 'payment_method',
      sellAddress: 'USD balance',
      idemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('when the quote expires, asks again under a new idemId and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    draft();
    const server = fakeServer({ '/ramp/quote': (body) => quote(body, 5_000) });
    renderPage(<SummaryPage />, server.api, '/trade/summary');
    await screen.findByTestId('quote-lines');
    expect(screen.queryByTestId('requoted')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    await waitFor(() => expect(server.callsTo('/ramp/quote')).toHaveLength(2));
    expect(await screen.findByTestId('requoted')).toHaveTextContent('The price expired, so we got you a new one.');
    const [first, second] = server.callsTo('/ramp/quote').map((call) => (call.body as { idemId: string }).idemId);
    expect(second).not.toBe(first);
  });

  it('shows a quote error with what to do, without retrying by itself', async () => {
    draft();
    const server = fakeServer({
      '/ramp/quote': () => errorReply(503, 'Prices are not available at the moment. Please try again shortly.'),
    });
    renderPage(<SummaryPage />, server.api, '/trade/summary');
    expect(await screen.findByRole('alert')).toHaveTextContent('Prices are not available at the moment');
    expect(server.callsTo('/ramp/quote')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Confirm and buy' })).toBeDisabled();
  });

  // docs/decisions/104-every-refusal-is-keyed.md: the network has no input of its own here, so its refusal shows in
  // the quote's alert, translated by its key.
  it('shows a refusal of the network, which has no input of its own, in the quote alert, in the user’s language', async () => {
    const refusal = validationReply({ sellNetwork: serverMessage('ramp.assetNotOnNetwork') });
    for (const [language, expected] of [
      ['en', 'This asset is not offered on this network'],
      ['es', 'Este activo no se ofrece en esta red'],
    ] as const) {
      await i18n.changeLanguage(language);
      draft();
      const server = fakeServer({ '/ramp/quote': () => refusal });
      const { unmount } = renderPage(<SummaryPage />, server.api, '/trade/summary');
      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
      unmount();
    }
    await i18n.changeLanguage('en');
  });

  it('Confirm hands the firm quote to /trade/verify (R2: every trade is confirmed with the second factor); nothing is placed yet', async () => {
    draft();
    const server = fakeServer({ '/ramp/quote': (body) => quote(body) });
    const { user: u } = renderPage(<SummaryPage />, server.api, '/trade/summary');
    await screen.findByTestId('quote-lines');
    await u.click(screen.getByRole('button', { name: 'Confirm and buy' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/verify'));
    expect(tradeDraftStore.getState().confirmed).toEqual({ quoteId: 'q-1', expiresAt: expect.any(String) });
    expect(server.callsTo('/ramp/order')).toEqual([]);
  });

  it('a buy the USD balance cannot pay says so and cannot be confirmed, before any code is sent (decision 053)', async () => {
    draft();
    const server = fakeServer({
      '/ramp/quote': (body) => quote(body),
      '/primetrust-accounts-view': () => ({ available: '50.00', settled: '50.00', held: '0.00', assets: [] }),
    });
    renderPage(<SummaryPage />, server.api, '/trade/summary');
    await screen.findByTestId('quote-lines');
    expect(await screen.findByTestId('insufficient-funds')).toHaveTextContent(
      'Your USD balance is not enough for this order',
    );
    expect(screen.getByRole('button', { name: 'Confirm and buy' })).toBeDisabled();
    expect(server.callsTo('/ramp/order-challenge')).toEqual([]);
  });

  it('without a draft, sends the user to start a trade', async () => {
    const server = fakeServer({});
    renderPage(<SummaryPage />, server.api, '/trade/summary');
    expect(await screen.findByRole('link', { name: 'Start a trade' })).toHaveAttribute('href', '/trade/flow');
  });
});
