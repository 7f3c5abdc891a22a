import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { BuyPage } from './buy-page';
import { MethodDetailPage, MethodPage } from './method-page';
import { chooseMethod, clearTradeDraft, tradeDraftStore } from './model/trade-draft';
import { buyHandlers, fakeServer, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade', 'rules']);
});
beforeEach(() => clearTradeDraft());

describe('/trade/method', () => {
  it("lists a buy's methods with time, fee and limit, and choosing one returns to the buy with it selected", async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<MethodPage />, server.api, '/trade/method?side=buy', '/trade/method');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose payment method' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Payment methods' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['USD balance', 'ACH', 'Instant ACH']);

    const ach = screen.getByTestId('method-primex_ach');
    expect(ach).toHaveTextContent('5 business days');
    expect(ach).toHaveTextContent('0.5% fee');
    expect(await within(ach).findByText('$1,000.00 left of your $1,000.00 weekly ACH limit')).toBeInTheDocument();
    const instant = screen.getByTestId('method-primex_instant_ach');
    expect(instant).toHaveTextContent('Instant');
    expect(instant).toHaveTextContent('$2.00 fee');
    expect(screen.getByTestId('method-primex_usd')).toHaveTextContent('No fee');
    expect(within(ach).getByRole('link', { name: 'Details of ACH' })).toHaveAttribute(
      'href',
      '/trade/method/primex_ach?side=buy',
    );

    await user.click(within(ach).getByRole('button', { name: 'Use ACH · Everyday Checking ••1234' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/buy'));
    expect(tradeDraftStore.getState().forms.buy?.sourceKey).toBe('primex_achUSD:res-1');
  });

  it('the buy page opens with the method chosen there', async () => {
    chooseMethod('buy', 'primex_achUSD:res-1');
    const server = fakeServer(buyHandlers());
    renderPage(<BuyPage />, server.api, '/trade/buy');
    expect(await screen.findByRole('radio', { name: /^ACH · Everyday Checking/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Compare payment methods' })).toHaveAttribute(
      'href',
      '/trade/method?side=buy',
    );
  });

  it("lists the methods trades cannot use yet with 'Notify me'", async () => {
    const server = fakeServer(buyHandlers());
    const { user } = renderPage(<MethodPage />, server.api, '/trade/method?side=buy', '/trade/method');
    const heading = await screen.findByRole('heading', { name: 'Coming soon' });
    expect(heading).toBeInTheDocument();
    expect(screen.getByTestId('method-primex_card')).toHaveTextContent('12 hours');
    expect(screen.getByTestId('method-primex_card')).toHaveTextContent('4% fee');
    expect(screen.getByTestId('method-primex_swift_wire')).toHaveTextContent('3-5 business days');
    await user.click(screen.getByRole('button', { name: 'Notify me about debit card' }));
    await waitFor(() => expect(server.callsTo('/feature-interest')).toHaveLength(1));
    expect(server.callsTo('/feature-interest')[0]?.body).toEqual({ type: 'card' });
    expect(await screen.findByText("We'll email you when debit card can be used for trades.")).toBeInTheDocument();
  });

  it('writes a method name in lower case inside a Spanish sentence, and with its capital where it is a label', async () => {
    await i18n.changeLanguage('es');
    try {
      const server = fakeServer(buyHandlers());
      const { user } = renderPage(<MethodPage />, server.api, '/trade/method?side=buy', '/trade/method');
      const ach = await screen.findByTestId('method-primex_ach');
      expect(
        within(screen.getByTestId('method-primex_usd')).getByRole('button', { name: 'Usar saldo en USD' }),
      ).toHaveTextContent(/^Usar saldo en USD$/);
      expect(within(ach).getByRole('heading', { level: 2 })).toHaveTextContent(/^Transferencia ACH$/);
      expect(
        await within(ach).findByText(/^Te quedan .+ de tu límite semanal de .+ para transferencia ACH$/),
      ).toBeInTheDocument();
      const card = screen.getByTestId('method-primex_card');
      expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(/^Tarjeta de débito$/);
      await user.click(
        within(card).getByRole('button', { name: 'Avísame cuando se pueda operar con tarjeta de débito' }),
      );
      expect(
        await screen.findByText('Te escribiremos cuando se pueda operar con tarjeta de débito.'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("lists a sell's payouts (USD balance and ACH only) and offers to link a bank when none is linked", async () => {
    const server = fakeServer({ ...buyHandlers(), '/bank-account-list': () => ({ accounts: [] }) });
    const { user } = renderPage(<MethodPage />, server.api, '/trade/method?side=sell', '/trade/method');
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['USD balance', 'ACH']);
    expect(within(screen.getByTestId('method-primex_ach')).getByRole('link', { name: 'Link a bank' })).toHaveAttribute(
      'href',
      `/methods/bank?redirect=${encodeURIComponent('/trade/method?side=sell')}`,
    );
    await user.click(screen.getByRole('button', { name: 'Use USD balance' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trade/sell'));
    expect(tradeDraftStore.getState().forms.sell?.payoutKey).toBe('primex_usdUSD');
  });
});

describe('/trade/method/:tradeMethod', () => {
  it('shows the method in full: time, fee, where, what it is for, the limits with what remains, and the linked banks it needs', async () => {
    const server = fakeServer(buyHandlers());
    renderPage(<MethodDetailPage />, server.api, '/trade/method/primex_ach?side=buy', '/trade/method/:tradeMethod');
    expect(await screen.findByRole('heading', { level: 1, name: 'ACH' })).toBeInTheDocument();
    expect(screen.getByText('5 business days')).toBeInTheDocument();
    expect(screen.getByText('0.5% fee')).toBeInTheDocument();
    expect(screen.getByText('US only')).toBeInTheDocument();
    expect(screen.getByTestId('used-for')).toHaveTextContent('Paying for a buy · Receiving the dollars of a sell');
    const limits = await screen.findByTestId('method-limits');
    expect(within(limits).getByTestId('limit-weekly_method')).toHaveTextContent(
      'Weekly ACH limit: $1,000.00$1,000.00 left.',
    );
    expect(within(limits).getByTestId('limit-daily_trades')).toHaveTextContent(
      'Daily trading limit: $25,000.00$25,000.00 left.',
    );
    expect(within(limits).getByTestId('limit-per_trade')).toHaveTextContent('Largest single trade: $10,000.00');
    expect(server.callsTo('/ramp/limits').at(-1)?.body).toEqual({ method: 'primex_ach' });
    expect(await screen.findByTestId('linked-banks')).toHaveTextContent('ACH · Everyday Checking ••1234');
    expect(screen.getByRole('link', { name: 'Link another bank' })).toHaveAttribute(
      'href',
      `/methods/bank?redirect=${encodeURIComponent('/trade/method/primex_ach?side=buy')}`,
    );
    expect(screen.getByRole('button', { name: 'Use ACH · Everyday Checking ••1234' })).toBeInTheDocument();
  });

  it('says a method trades do not take is not available yet, with "Notify me"', async () => {
    const server = fakeServer(buyHandlers());
    renderPage(<MethodDetailPage />, server.api, '/trade/method/primex_fedwire', '/trade/method/:tradeMethod');
    expect(await screen.findByRole('heading', { level: 1, name: 'US wire' })).toBeInTheDocument();
    expect(screen.getByTestId('used-for')).toHaveTextContent('Not available for trades yet');
    expect(await screen.findByRole('button', { name: 'Notify me about US wire' })).toBeInTheDocument();
    expect(screen.queryByTestId('method-limits')).not.toBeInTheDocument();
  });

  it('answers an unknown method with the not-found message', async () => {
    const server = fakeServer(buyHandlers());
    renderPage(<MethodDetailPage />, server.api, '/trade/method/carrier-pigeon', '/trade/method/:tradeMethod');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByText('We cannot find the page you are looking for!')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
