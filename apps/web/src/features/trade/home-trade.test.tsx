import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AccountStatus } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { KycStoreProvider, createKycStore } from '../../lib/session/kyc-store';
import { HomeTrade } from './home-trade';
import { catalogue } from './model/test-fixtures';
import { clearTradeDraft, tradeDraftStore } from './model/trade-draft';
import { fakeServer, order, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});
beforeEach(() => clearTradeDraft());

const HOLDINGS = {
  available: '50.00',
  settled: '50.00',
  held: '0.00',
  assets: [
    { assetTicker: 'USDS', settled: '12.500000', held: '0.000000', available: '12.500000' },
    { assetTicker: 'ETH', settled: '0', held: '0', available: '0' },
  ],
};

function handlers(
  orders = [
    order({ status: 'completed' }),
    order({
      orderId: 'o-2',
      side: 'sell',
      status: 'awaiting_deposit',
      sellAssetTicker: 'USDS',
      sellAmountTotal: '20.000000',
    }),
  ],
) {
  return {
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/primetrust-accounts-view': () => HOLDINGS,
    '/ramp/orders': () => ({ orders, nextCursor: null }),
  };
}

function renderHome(server: ReturnType<typeof fakeServer>, kycStatus: AccountStatus) {
  const store = createKycStore({ getAccount: vi.fn() }, { requestStatus: 'success', kycStatus });
  return renderPage(
    <KycStoreProvider store={store}>
      <HomeTrade />
    </KycStoreProvider>,
    server.api,
    '/',
  );
}

describe('the home page trading part (issue 6, decision 031)', () => {
  it('shows a verified user a quick trade (first enabled stablecoin, 100), the assets held and the recent orders', async () => {
    const server = fakeServer(handlers());
    renderHome(server, 'opened');
    expect(await screen.findByRole('heading', { name: 'Quick trade' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('100');
    const assets = await screen.findByTestId('home-assets');
    expect(within(assets).getByText('USDS')).toBeInTheDocument();
    expect(within(assets).getByText('12.5 USDS')).toBeInTheDocument();
    expect(within(assets).queryByText('ETH')).toBeNull();
    const orders = await screen.findByTestId('home-orders');
    expect(within(orders).getByRole('link', { name: /Buy USDS for \$100\.00.*Completed/ })).toHaveAttribute(
      'href',
      `/trade/complete?order=${order().orderId}`,
    );
    expect(within(orders).getByRole('link', { name: /Sell 20 USDS.*Waiting for your deposit/ })).toHaveAttribute(
      'href',
      '/trade/complete?order=o-2',
    );
    expect(server.callsTo('/ramp/orders')[0]?.body).toEqual({ limit: 5 });
  });

  it('hands a quick buy to /trade/buy as a form in progress', async () => {
    const server = fakeServer(handlers());
    const { user } = renderHome(server, 'opened');
    const amount = await screen.findByLabelText('Amount (USD)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to buy' })).toBeEnabled());
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Continue to buy' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/buy'));
    expect(tradeDraftStore.getState().forms.buy).toMatchObject({ assetKey: 'xrplUSDS', amount: '250' });
  });

  it('refuses an amount that is not a positive number, in the page', async () => {
    const server = fakeServer(handlers());
    const { user } = renderHome(server, 'opened');
    await user.click(await screen.findByRole('button', { name: 'Sell' }));
    const amount = screen.getByLabelText(/^Amount \(/);
    await user.clear(amount);
    await user.type(amount, '0');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to sell' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue to sell' }));
    expect(screen.getByTestId('field-error-quickAmount')).toHaveTextContent('Enter an amount greater than zero');
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('says so when there are no orders yet', async () => {
    const server = fakeServer(handlers([]));
    renderHome(server, 'opened');
    expect(await screen.findByTestId('home-orders-empty')).toHaveTextContent(
      'No orders yet. Your trades will show here.',
    );
  });

  it('shows nothing to a user who is not verified', async () => {
    const server = fakeServer(handlers());
    const { container } = renderHome(server, 'pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('section')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
