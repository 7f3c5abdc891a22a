import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiProvider } from '../../lib/api';
import i18n from '../../lib/i18n';
import { BuyPage } from './buy-page';
import { clearBuyDraft, tradeDraftStore } from './model/trade-draft';
import { prefetchTradeReads } from './prefetch';
import { catalogue } from './model/test-fixtures';
import { XRPL_ADDRESS, buyHandlers, fakeServer, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade', 'rules']);
});
beforeEach(() => clearBuyDraft());

describe('/trade/buy', () => {
  it('starts at 100 USD paid from the USD balance and shows the estimate with each fee on its own line and the limit left', async () => {
    const server = fakeServer(buyHandlers());
    renderPage(<BuyPage />, server.api, '/trade/buy');
    expect(await screen.findByLabelText('Amount (USD)')).toHaveValue('100');
    expect(screen.getByRole('radio', { name: /USD balance/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^ACH · Everyday Checking ••1234/ })).toBeInTheDocument();
    const lines = await screen.findByTestId('estimate-lines');
    expect(within(lines).getByTestId('line-pay')).toHaveTextContent('You pay$100.00');
    expect(within(lines).getByTestId('line-fee-method')).toHaveTextContent('USD balance fee$0.00');
    expect(within(lines).getByTestId('line-fee-network')).toHaveTextContent('Network fee$0.01');
    expect(within(lines).getByTestId('line-fee-spread')).toHaveTextContent('Spread$0.00');
    expect(within(lines).getByTestId('line-receive')).toHaveTextContent(/^You receive99\.990+ USDS$/);
    expect(screen.getByLabelText('Destination tag')).toHaveValue('');
    expect(screen.getByTestId('limit-remaining')).toHaveTextContent(
      '$25,000.00 left of your $25,000.00 daily trading limit',
    );
    expect(server.callsTo('/ramp/trade-estimate').at(-1)?.body).toEqual({
      buyAssetTicker: 'USDS',
      buyNetwork: 'xrpl',
      sellAssetTicker: 'USD',
      sellNetwork: 'primex_usd',
      sellAmountTotal: '100.00',
      sellDeliveryMethod: 'payment_method',
      sellAddress: 'USD balance',
    });
  });

  it('shows the weekly ACH limit when paying by ACH, and refuses an amount over it under the field', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    await user.click(await screen.findByRole('radio', { name: /^ACH · Everyday Checking/ }));
    expect(await screen.findByTestId('limit-remaining')).toHaveTextContent(
      '$1,000.00 left of your $1,000.00 weekly ACH limit',
    );
    const amount = screen.getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.type(screen.getByLabelText(/ address$/), XRPL_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent(
      'This is more than your remaining limit of $1,000.00',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/buy');
  });

  it('checks the address for the network and says what is wrong under the field', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-buyAddress')).toHaveTextContent(/required/i);
    await user.type(screen.getByLabelText(/ address$/), 'GNOTANADDRESS');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('field-error-buyAddress').textContent).not.toBe('');
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/buy');
  });

  it('says under the field when an address left fails its checksum, and takes it back once corrected', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    const address = await screen.findByLabelText(/ address$/);
    // The last character changed: the right shape, the wrong checksum.
    await user.type(address, `${XRPL_ADDRESS.slice(0, -1)}${XRPL_ADDRESS.endsWith('a') ? 'b' : 'a'}`);
    await user.tab();
    expect(await screen.findByTestId('field-error-buyAddress')).toHaveTextContent('Value is not a valid XRPL address');
    await user.clear(address);
    await user.type(address, XRPL_ADDRESS);
    await user.tab();
    expect(screen.queryByTestId('field-error-buyAddress')).toBeNull();
  });

  it('with a valid address, hands the draft to the summary', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '240.5');
    await user.type(screen.getByLabelText(/ address$/), XRPL_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/summary'));
    const draft = tradeDraftStore.getState().draft;
    expect(draft).toMatchObject({ amount: '240.50', address: XRPL_ADDRESS, memo: '' });
    expect(draft?.asset.key).toBe('xrplUSDS');
    expect(draft && 'source' in draft ? draft.source.network : null).toBe('primex_usd');
  });

  it('refuses an amount above the USD balance it is paid from, before the summary (decision 053)', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    const amount = await screen.findByLabelText('Amount (USD)');
    await screen.findByText('$250.00 available');
    await user.clear(amount);
    await user.type(amount, '250.01');
    await user.type(screen.getByLabelText(/ address$/), XRPL_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your USD balance is not enough for this order')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/buy');
  });

  it('shows assets that cannot be bought disabled, with "Notify me" recording the interest', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy');
    const notify = await screen.findAllByRole('button', { name: /^Notify me about/ });
    expect(notify.length).toBeGreaterThan(0);
    await user.click(notify[0]!);
    await waitFor(() => expect(server.callsTo('/feature-interest')).toHaveLength(1));
    expect(server.callsTo('/feature-interest')[0]?.body).toMatchObject({ type: 'stablecoin' });
  });

  // docs/feature-flags.md: what the deployment's flags switch off is not offered.
  it('with memoForStablecoins false, asks for no destination tag for a stablecoin and hands on none', async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<BuyPage />, server.api, '/trade/buy', '/trade/buy', { memoForStablecoins: false });
    await user.type(await screen.findByLabelText(/ address$/), XRPL_ADDRESS);
    expect(screen.queryByLabelText('Destination tag')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/summary'));
    expect(tradeDraftStore.getState().draft).toMatchObject({ address: XRPL_ADDRESS, memo: '' });
  });

  it('with plaidDeposits false, offers no linked bank to pay from (the catalogue the API serves says so)', async () => {
    const server = fakeServer({
      ...buyHandlers(),
      '/ramp/assets': () => ({ data: { assets: catalogue({ plaidDeposits: false }) } }),
    });
    renderPage(<BuyPage />, server.api, '/trade/buy', '/trade/buy', { plaidDeposits: false });
    expect(await screen.findByRole('radio', { name: /USD balance/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /ACH · Everyday Checking/ })).toBeNull();
  });

  it('with issuanceAndRedemption false, offers no stablecoin: each one waits behind "Notify me"', async () => {
    const server = fakeServer({
      ...buyHandlers(),
      '/ramp/assets': () => ({ data: { assets: catalogue({ issuanceAndRedemption: false }) } }),
    });
    renderPage(<BuyPage />, server.api, '/trade/buy', '/trade/buy', { issuanceAndRedemption: false });
    expect(await screen.findByRole('button', { name: /^Notify me about USDS on XRP Ledger/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('/ramp/trade-estimate').at(-1)?.body).toMatchObject({ buyAssetTicker: 'BTC' }),
    );
  });

  it('opened first, uses the reads started after the session check instead of reading them again; opened again, reads again', async () => {
    const server = fakeServer(buyHandlers());
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const open = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={server.api}>
            <SnackbarProvider>
              <MemoryRouter initialEntries={['/trade/buy']}>
                <Suspense fallback={<p>loading</p>}>
                  <BuyPage />
                </Suspense>
              </MemoryRouter>
            </SnackbarProvider>
          </ApiProvider>
        </QueryClientProvider>,
      );
    prefetchTradeReads(queryClient, server.api, 'buy');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const first = open();
    expect(await screen.findByRole('radio', { name: /USD balance/ })).toBeChecked();
    expect(screen.getByText('$250.00 available')).toBeInTheDocument();
    await screen.findByTestId('estimate-lines');
    for (const read of ['/ramp/assets', '/bank-account-list', '/primetrust-accounts-view', '/feature-interest-list'])
      expect(server.callsTo(read)).toHaveLength(1);
    first.unmount();
    open();
    expect(await screen.findByRole('radio', { name: /USD balance/ })).toBeChecked();
    await waitFor(() => expect(server.callsTo('/bank-account-list')).toHaveLength(2));
    expect(server.callsTo('/primetrust-accounts-view')).toHaveLength(2);
  });
});
