import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { chooseMethod, clearTradeDraft, tradeDraftStore } from './model/trade-draft';
import { SellPage } from './sell-page';
import { buyHandlers, fakeServer, figures, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade', 'rules']);
});
beforeEach(() => clearTradeDraft());
afterAll(async () => {
  await i18n.changeLanguage('en');
});

/** The API of /trade/sell: the buy page's reads, the holdings given, and a sell's estimate. */
function sellHandlers(held: { assetTicker: string; available: string }[]) {
  return {
    ...buyHandlers(),
    '/primetrust-accounts-view': () => ({
      available: '40.00',
      settled: '40.00',
      held: '0.00',
      assets: held.map((h) => ({ ...h, settled: h.available, held: '0' })),
    }),
    '/ramp/trade-estimate': (body: unknown) => {
      const request = body as {
        sellAmountTotal: string;
        sellDeliveryMethod: 'holdings' | 'deposit';
        buyNetwork: string;
      };
      return {
        estimate: figures({
          side: 'sell',
          sellAssetTicker: 'USDS',
          sellNetwork: 'xrpl',
          sellAmountTotal: request.sellAmountTotal,
          sellDeliveryMethod: request.sellDeliveryMethod,
          buyAssetTicker: 'USD',
          buyNetwork: request.buyNetwork,
          receiveAmount: request.buyNetwork === 'primex_ach' ? '99.50' : '100.00',
          fees: [
            {
              kind: 'method',
              label: 'Method fee',
              assetTicker: 'USD',
              amount: request.buyNetwork === 'primex_ach' ? '0.50' : '0.00',
            },
            { kind: 'network', label: 'Network fee', assetTicker: 'USD', amount: '0.00' },
            { kind: 'spread', label: 'Spread', assetTicker: 'USD', amount: '0.00' },
          ],
          totalFees: request.buyNetwork === 'primex_ach' ? '0.50' : '0.00',
          paymentMethod: request.buyNetwork,
        }),
      };
    },
  };
}

describe('/trade/sell', () => {
  it('sells from holdings by default when the user holds the asset: what is available, Max, 100 to the USD balance, the estimate', async () => {
    const server = fakeServer(sellHandlers([{ assetTicker: 'USDS', available: '250.000000' }]));
    const { user } = renderPage(<SellPage />, server.api, '/trade/sell');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /From my holdings/ })).toBeChecked();
    expect(screen.getByTestId('source-holdings-description')).toHaveTextContent('250.000000 USDS available');
    expect(screen.getByLabelText('Amount (USDS)')).toHaveValue('100');
    expect(screen.getByRole('radio', { name: /USD balance/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^ACH · Everyday Checking ••1234/ })).toBeInTheDocument();

    const lines = await screen.findByTestId('estimate-lines');
    expect(within(lines).getByTestId('line-pay')).toHaveTextContent('You sell100.000000 USDS');
    expect(within(lines).getByTestId('line-fee-method')).toHaveTextContent('USD balance fee$0.00');
    expect(within(lines).getByTestId('line-receive')).toHaveTextContent('You receive$100.00');
    expect(server.callsTo('/ramp/trade-estimate').at(-1)?.body).toEqual({
      sellAssetTicker: 'USDS',
      sellNetwork: 'xrpl',
      sellAmountTotal: '100.000000',
      sellDeliveryMethod: 'holdings',
      buyAssetTicker: 'USD',
      buyNetwork: 'primex_usd',
      buyAddress: 'USD balance',
    });

    await user.click(screen.getByRole('button', { name: 'Sell everything you hold: 250.000000 USDS' }));
    expect(screen.getByLabelText('Amount (USDS)')).toHaveValue('250.000000');

    const amount = screen.getByLabelText('Amount (USDS)');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('You have 250.000000 USDS available to sell');
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/sell');
  });

  it('by deposit shows the minimum deposit before anything is sent, refuses less, and hands a bank payout to the summary', async () => {
    const server = fakeServer(sellHandlers([]));
    const { user } = renderPage(<SellPage />, server.api, '/trade/sell');
    // Nothing held: the external wallet is the source, and its minimum deposit is on the page at once.
    expect(await screen.findByRole('radio', { name: /Send from an external wallet/ })).toBeChecked();
    expect(screen.getByTestId('source-deposit-description')).toHaveTextContent('Minimum deposit: 10.000000 USDS');
    expect(screen.getByTestId('minimum-deposit')).toHaveTextContent('Send at least 10.000000 USDS on');
    expect(screen.queryByRole('button', { name: /Sell everything/ })).not.toBeInTheDocument();

    const amount = screen.getByLabelText('Amount (USDS)');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('The minimum deposit is 10.000000 USDS');

    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.click(screen.getByRole('radio', { name: /^ACH · Everyday Checking/ }));
    expect(await screen.findByTestId('limit-remaining')).toHaveTextContent(
      '$1,000.00 left of your $1,000.00 weekly ACH limit',
    );
    await waitFor(() =>
      expect(server.callsTo('/ramp/trade-estimate').at(-1)?.body).toMatchObject({
        sellDeliveryMethod: 'deposit',
        buyNetwork: 'primex_ach',
        sellAmountTotal: '120.500000',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/summary'));
    expect(tradeDraftStore.getState().draft).toMatchObject({
      side: 'sell',
      delivery: 'deposit',
      amount: '120.500000',
      asset: { key: 'xrplUSDS', minimumDeposit: '10' },
      payout: { network: 'primex_ach', value: '6f1c1f38-8f0e-4c47-9a43-0d1f3b0a8a11' },
    });
  });

  it('lets the user switch a held asset to a deposit, and refuses more decimals than the asset has', async () => {
    const server = fakeServer(sellHandlers([{ assetTicker: 'USDS', available: '250' }]));
    const { user } = renderPage(<SellPage />, server.api, '/trade/sell');
    await user.click(await screen.findByRole('radio', { name: /Send from an external wallet/ }));
    expect(screen.getByTestId('minimum-deposit')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USDS)');
    await user.clear(amount);
    await user.type(amount, '12.1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('with at most 6 decimals');
  });

  it('shows the assets that cannot be sold with "Notify me"', async () => {
    const server = fakeServer(sellHandlers([]));
    const { user } = renderPage(<SellPage />, server.api, '/trade/sell');
    const notify = await screen.findAllByRole('button', { name: /^Notify me about/ });
    await user.click(notify[0]!);
    await waitFor(() => expect(server.callsTo('/feature-interest')).toHaveLength(1));
    expect(server.callsTo('/feature-interest')[0]?.body).toMatchObject({ type: 'stablecoin' });
    expect(await screen.findByText(/can be sold\.$/)).toBeInTheDocument();
  });

  it('opens with the payout chosen on /trade/method', async () => {
    chooseMethod('sell', 'primex_achUSD:res-1');
    const server = fakeServer(sellHandlers([]));
    renderPage(<SellPage />, server.api, '/trade/sell');
    expect(await screen.findByRole('radio', { name: /^ACH · Everyday Checking/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Compare payment methods' })).toHaveAttribute(
      'href',
      '/trade/method?side=sell',
    );
  });

  it('speaks Spanish, with the amounts formatted for it', async () => {
    await i18n.changeLanguage('es');
    const server = fakeServer(sellHandlers([{ assetTicker: 'USDS', available: '1250.5' }]));
    renderPage(<SellPage />, server.api, '/trade/sell');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vender' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Desde mis fondos/ })).toBeChecked();
    expect(screen.getByTestId('source-holdings-description')).toHaveTextContent('1,250.500000 USDS disponibles');
    expect(screen.getByTestId('source-deposit-description')).toHaveTextContent('Depósito mínimo: 10.000000 USDS');
    expect(screen.getByLabelText('Importe (USDS)')).toHaveValue('100');
    expect(screen.getByRole('radiogroup', { name: 'Recibir en' })).toBeInTheDocument();
  });
});
