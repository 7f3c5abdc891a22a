import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { FlowPage } from './flow-page';
import { buildAssetOptions, buildPaymentMethodOptions } from './model/asset-options';
import { catalogue, text } from './model/test-fixtures';
import { clearTradeDraft, saveBuyForm, setSellDraft } from './model/trade-draft';
import { fakeServer, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});
beforeEach(() => clearTradeDraft());

describe('/trade/flow', () => {
  it('asks Buy or Sell and explains the four steps of a trade, in order', async () => {
    renderPage(<FlowPage />, fakeServer({}).api, '/trade/flow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trade flow' })).toBeInTheDocument();
    const choose = screen.getByRole('navigation', { name: 'Start a trade' });
    expect(within(choose).getByRole('link', { name: /^Buy/ })).toHaveAttribute('href', '/trade/buy');
    expect(within(choose).getByRole('link', { name: /^Sell/ })).toHaveAttribute('href', '/trade/sell');
    const steps = within(screen.getByTestId('flow-steps')).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent('Get a quote');
    expect(steps[1]).toHaveTextContent('Confirm the price');
    expect(steps[2]).toHaveTextContent("Verify it's you");
    expect(steps[3]).toHaveTextContent('Follow it');
    expect(screen.queryByTestId('resume')).not.toBeInTheDocument();
  });

  it('offers to resume a sell handed to the summary', async () => {
    const assets = catalogue();
    const asset = buildAssetOptions(assets, 'from', 'rampart').find((option) => option.key === 'xrplUSDS')!;
    const payout = buildPaymentMethodOptions({ assets, bankAccounts: [], logos: new Map(), direction: 'to', text })[0]!;
    setSellDraft({ asset, delivery: 'holdings', amount: '100.000000', payout });
    renderPage(<FlowPage />, fakeServer({}).api, '/trade/flow');
    const resume = await screen.findByTestId('resume');
    expect(resume).toHaveTextContent('A sell of 100.000000 USDS, ready to review.');
    expect(within(resume).getByRole('link', { name: 'Pick up where you left off' })).toHaveAttribute(
      'href',
      '/trade/summary',
    );
  });

  it('offers to go back to a buy the user started', async () => {
    saveBuyForm({ assetKey: 'xrplUSDS', sourceKey: null, amount: '250', address: '', memo: '' });
    renderPage(<FlowPage />, fakeServer({}).api, '/trade/flow');
    const resume = await screen.findByTestId('resume');
    expect(resume).toHaveTextContent('A buy you started.');
    expect(within(resume).getByRole('link', { name: 'Pick up where you left off' })).toHaveAttribute(
      'href',
      '/trade/buy',
    );
  });
});
